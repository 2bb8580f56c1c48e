// The three hero slides; each className picks its background in app.css.
export const heroSlides = [
  {
    title: "Unleash Your Creativity",
    text: "Paint, draw and build with friends in small summer groups led by working artists.",
    className: "hero-slide-creativity",
  },
  {
    title: "Transform Ordinary Materials",
    text: "Turn paper, clay, fabric and wood into pieces you will be proud to take home.",
    className: "hero-slide-materials",
  },
  {
    title: "Master Artistic Techniques",
    text: "Learn the craft step by step, from first sketches to finished work.",
    className: "hero-slide-techniques",
  },
];
