import { array, object, string } from "yup";

import { STAGES } from "../../../components/artwork/artworkWords";

export const TITLE_TOO_LONG = "Keep the title under 120 characters.";
export const CHOOSE_STAGE = "Choose the piece's stage.";

// The fields the server may name in refusing a piece, shown beside them.
export const ARTWORK_FIELDS = ["title", "stage", "participantIds"];

/*
 * A piece as the server checks it (artwork's POST and PATCH): a title within its length (or
 * none), one of the stages; the children may wait (a piece is tagged later as often as not).
 */
export const artworkSchema = object({
  title: string().trim().max(120, TITLE_TOO_LONG),
  stage: string()
    .required(CHOOSE_STAGE)
    .oneOf(
      STAGES.map((stage) => stage.value),
      CHOOSE_STAGE,
    ),
  participantIds: array().of(string()),
});
