// A piece of artwork as the API answers it (GET /classes/:id/artworks, /participants/:id/artworks).
export function makeArtwork(overrides = {}) {
  const id = overrides.id ?? 41;
  const base = `/api/artworks/${id}/images/`;
  const key = `?key=${id}:signed`;
  return {
    id,
    classId: 3,
    className: "Watercolour for Kids",
    seasonId: 5,
    seasonName: "Summer 2027",
    title: "Blue bowl",
    stage: "in_progress",
    takenOn: "2027-07-06",
    readyAt: null,
    approvedAt: null,
    participants: [],
    picture: {
      src: `${base}640w.webp${key}`,
      srcset: `${base}320w.webp${key} 320w, ${base}640w.webp${key} 640w`,
      sizes: "(min-width: 1200px) 356px, (min-width: 768px) 33vw, calc(50vw - 18px)",
      width: 800,
      height: 600,
      download: `${base}original.jpg${key}&download=1`,
    },
    ...overrides,
  };
}
