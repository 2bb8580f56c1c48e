import { t } from "ttag";

import { LOCALE } from "../../lib/language";

// A piece's stages (artwork.models.Stage), in the server's order and the school's words.
export const STAGES = [
  { value: "in_progress", label: t`In progress` },
  { value: "drying", label: t`Drying` },
  { value: "firing", label: t`Firing` },
  { value: "ready", label: t`Ready for pick-up` },
];

export function stageLabel(stage) {
  return STAGES.find((choice) => choice.value === stage)?.label ?? stage;
}

// What a piece is called where it has no title of its own.
export const UNTITLED = t`Untitled piece`;

export function artworkTitle(piece) {
  return piece.title?.trim() || UNTITLED;
}

const namesList = new Intl.ListFormat(LOCALE, { style: "long", type: "conjunction" });

// "Ada", "Ada and Noa", "Ada, Noa, and Sam": the children who made a piece, first names only.
export function makersOf(firstNames) {
  return namesList.format(firstNames);
}
