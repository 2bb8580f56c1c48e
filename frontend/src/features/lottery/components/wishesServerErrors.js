import { t } from "ttag";

import { ApiError } from "../../../lib/api";

/*
 * The server names a refused wish by the child's place in the list sent and the wish's place in
 * the child's choices. Its error shape flattens them into sentences, each place said as a word
 * and its number ("Item 1: choices: Item 2: Ages 13–17: ...", the word in the server's language)
 * or, for the whole of a child's choices, "Item 1: choices: At most 5 ...". A DRF answer not
 * flattened keys them instead ({"0": {"choices": {"1": [...]}}}); both are read.
 */
const FLATTENED = /^\p{L}+ (\d+): choices: (?:\p{L}+ (\d+): )?(.+)$/su;

// Each message about the children as {child, choice (null for the whole list), message}.
function childMessages(detail) {
  if (Array.isArray(detail) || typeof detail === "string") {
    return [].concat(detail).map((said) => {
      const place = FLATTENED.exec(said);
      if (!place) return { child: null, choice: null, message: said };
      const choice = place[2] === undefined ? null : Number(place[2]) - 1;
      return { child: Number(place[1]) - 1, choice, message: place[3] };
    });
  }
  return Object.entries(detail ?? {}).flatMap(([child, fields]) => {
    const choices = fields?.choices;
    if (choices === undefined) {
      return Object.values(fields ?? {})
        .flat()
        .map((message) => ({ child: null, choice: null, message: String(message) }));
    }
    if (Array.isArray(choices)) {
      return choices.map((message) => ({ child: Number(child), choice: null, message }));
    }
    return Object.entries(choices).flatMap(([choice, said]) =>
      [].concat(said).map((message) => ({
        child: Number(child),
        choice: Number(choice),
        message,
      })),
    );
  });
}

/*
 * A refused save for the wishes form: Formik's errors, each message under the child and wish it
 * names (`children.<i>.choices` for a child's whole list, `children.<i>.choices.<rank>` for one
 * wish, `together` for the group), and one sentence for the rest. `sentIndexes[i]` is the form's
 * index of the i-th child sent (only children with wishes are sent).
 */
export function wishesServerErrors(error, sentIndexes) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const children = [];
  const unplaced = [];
  let together;
  for (const [name, detail] of Object.entries(fieldErrors)) {
    if (name === "together") {
      together = [].concat(detail).join(" ");
      continue;
    }
    if (name !== "children") {
      unplaced.push(...[].concat(detail));
      continue;
    }
    for (const { child, choice, message } of childMessages(detail)) {
      const index = child === null ? undefined : sentIndexes[child];
      if (index === undefined) {
        unplaced.push(message);
        continue;
      }
      const placed = (children[index] ??= {});
      if (choice === null) {
        // A child's wish refused by name is said beside it; a message about the whole list
        // then joins the form's sentence.
        if (Array.isArray(placed.choices)) unplaced.push(message);
        else placed.choices = placed.choices ? `${placed.choices} ${message}` : message;
      } else {
        if (typeof placed.choices === "string") unplaced.push(placed.choices);
        if (!Array.isArray(placed.choices)) placed.choices = [];
        placed.choices[choice] ??= message;
      }
    }
  }
  const errors = {};
  if (children.length > 0) errors.children = children;
  if (together) errors.together = together;
  let formError = unplaced.join(" ");
  if (!formError && Object.keys(errors).length === 0) {
    formError = error?.message || t`Something went wrong. Please try again.`;
  }
  return { errors, formError };
}
