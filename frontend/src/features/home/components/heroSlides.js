import { t } from "ttag";

// The three hero slides; each className picks its background in app.css.
export const heroSlides = [
  {
    title: t`Unleash Your Creativity`,
    text: t`Paint, draw and build with friends in small summer groups led by working artists.`,
    className: "hero-slide-creativity",
  },
  {
    title: t`Transform Ordinary Materials`,
    text: t`Turn paper, clay, fabric and wood into pieces you will be proud to take home.`,
    className: "hero-slide-materials",
  },
  {
    title: t`Master Artistic Techniques`,
    text: t`Learn the craft step by step, from first sketches to finished work.`,
    className: "hero-slide-techniques",
  },
];
