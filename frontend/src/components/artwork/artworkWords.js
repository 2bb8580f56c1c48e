// A piece's stages (artwork.models.Stage), in the server's order and the school's words.
export const STAGES = [
  { value: "in_progress", label: "In progress" },
  { value: "drying", label: "Drying" },
  { value: "firing", label: "Firing" },
  { value: "ready", label: "Ready for pick-up" },
];

export function stageLabel(stage) {
  return STAGES.find((choice) => choice.value === stage)?.label ?? stage;
}

// What a piece is called where it has no title of its own.
export const UNTITLED = "Untitled piece";

export function artworkTitle(piece) {
  return piece.title?.trim() || UNTITLED;
}

// "Mia", "Mia and Leo", "Mia, Leo and Sam": the children tagged on a piece, by first name.
export function firstNames(participants) {
  const names = participants.map((child) => child.firstName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
