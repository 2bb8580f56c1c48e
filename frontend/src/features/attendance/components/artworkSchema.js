import { t } from "ttag";
import { array, object, string } from "yup";

import { STAGES } from "../../../components/artwork/artworkWords";

// The fields the server may name in refusing a piece, shown beside them.
export const ARTWORK_FIELDS = ["title", "stage", "participantIds"];

/*
 * A piece as the server checks it (artwork's POST and PATCH): a title within its length (or
 * none), one of the stages; the children may wait (a piece is tagged later as often as not).
 * Made when a form opens, so its messages are in the page's language.
 */
export function artworkSchema() {
  const chooseStage = t`Choose the piece's stage.`;
  return object({
    title: string()
      .trim()
      .max(120, t`Keep the title under 120 characters.`),
    stage: string()
      .required(chooseStage)
      .oneOf(
        STAGES.map((stage) => stage.value),
        chooseStage,
      ),
    participantIds: array().of(string()),
  });
}
