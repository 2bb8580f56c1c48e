import { t } from "ttag";
import { object, string } from "yup";

import { tooLong } from "./formWords";
import { CLOCK_SKEW_MS } from "./whenFields";

// What became of a dose, in the page's language (said when asked, not as the module loads).
export function doseOutcomes() {
  return [
    { value: "given", label: t`Given` },
    { value: "refused", label: t`Refused` },
    { value: "missed", label: t`Missed` },
  ];
}

export const outcomeLabel = (outcome) =>
  doseOutcomes().find((item) => item.value === outcome)?.label ?? outcome;

/*
 * A correction of a dose entry, as the server checks one (health's POST
 * /medications/administrations): the outcome, when (on the meeting's day, from `dayStart` to
 * before the next day, and not still to come) and a note saying what was wrong, which the log
 * keeps beside the entry it corrects.
 */
export function correctionSchema({ dayStart }) {
  const dayEnd = dayStart + 24 * 60 * 60 * 1000;
  const chooseOutcome = t`Choose what really happened.`;
  return object({
    outcome: string()
      .required(chooseOutcome)
      .oneOf(
        doseOutcomes().map((item) => item.value),
        chooseOutcome,
      ),
    at: string()
      .required(t`Enter when it happened.`)
      .test(
        "not-later",
        t`This time is still to come.`,
        (value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS,
      )
      .test("on-the-day", t`It must be on the day of this class.`, (value) => {
        const time = Date.parse(value);
        return time >= dayStart && time < dayEnd;
      }),
    note: string()
      .trim()
      .required(t`Say what the entry got wrong.`)
      .max(2000, tooLong(2000)),
  });
}
