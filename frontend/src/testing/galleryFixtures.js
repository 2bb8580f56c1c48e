// Children's artwork as the API answers it: the public gallery's pieces (GalleryPiece) and the
// admins' review list's (ArtworkForReview).

export const ARTWORK_SIZES =
  "(min-width: 1200px) 356px, (min-width: 768px) 33vw, calc(50vw - 18px)";

// A piece's pictures, as artwork.files.picture_sources names them; `key` for a keyed reader.
export function makeArtworkPicture(id, { key } = {}) {
  const base = `/api/artworks/${id}/images/`;
  const query = key ? `?key=${key}` : "";
  return {
    src: `${base}640w.webp${query}`,
    srcset: `${base}320w.webp${query} 320w, ${base}480w.webp${query} 480w, ${base}640w.webp${query} 640w`,
    sizes: ARTWORK_SIZES,
    width: 800,
    height: 600,
    download: `${base}original.jpg${query ? `${query}&download=1` : "?download=1"}`,
  };
}

export function makeGalleryPiece(overrides = {}) {
  const id = overrides.id ?? 41;
  return {
    id,
    title: "Two owls",
    classId: 7,
    className: "Clay Creatures",
    takenOn: "2027-06-16",
    firstNames: ["Ada", "Noa"],
    picture: makeArtworkPicture(id),
    ...overrides,
  };
}

export function makeReviewedPiece(overrides = {}) {
  const id = overrides.id ?? 41;
  return {
    id,
    classId: 7,
    className: "Clay Creatures",
    seasonId: 3,
    seasonName: "Summer 2027",
    title: "Two owls",
    stage: "ready",
    takenOn: "2027-06-16",
    readyAt: "2027-06-18T15:00:00-07:00",
    approvedAt: null,
    participants: [
      { id: 5, firstName: "Ada" },
      { id: 6, firstName: "Noa" },
    ],
    picture: makeArtworkPicture(id, { key: `key-${id}` }),
    inGallery: false,
    ...overrides,
  };
}
