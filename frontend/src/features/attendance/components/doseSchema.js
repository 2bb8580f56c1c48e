import { object, string } from "yup";

import { CLOCK_SKEW_MS } from "./whenFields";

export const DOSE_OUTCOMES = [
  { value: "given", label: "Given" },
  { value: "refused", label: "Refused" },
  { value: "missed", label: "Missed" },
];

export const outcomeLabel = (outcome) =>
  DOSE_OUTCOMES.find((item) => item.value === outcome)?.label ?? outcome;

export const CHOOSE_OUTCOME = "Choose what really happened.";
export const WHEN_NEEDED = "Enter when it happened.";
export const NOT_IN_FUTURE = "This time is still to come.";
export const NOT_THAT_DAY = "It must be on the day of this class.";
export const SAY_WHY = "Say what the entry got wrong.";

/*
 * A correction of a dose entry, as the server checks one (health's POST
 * /medications/administrations): the outcome, when (on the meeting's day, from `dayStart` to
 * before the next day, and not still to come) and a note saying what was wrong, which the log
 * keeps beside the entry it corrects.
 */
export function correctionSchema({ dayStart }) {
  const dayEnd = dayStart + 24 * 60 * 60 * 1000;
  return object({
    outcome: string()
      .required(CHOOSE_OUTCOME)
      .oneOf(
        DOSE_OUTCOMES.map((item) => item.value),
        CHOOSE_OUTCOME,
      ),
    at: string()
      .required(WHEN_NEEDED)
      .test("not-later", NOT_IN_FUTURE, (value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS)
      .test("on-the-day", NOT_THAT_DAY, (value) => {
        const time = Date.parse(value);
        return time >= dayStart && time < dayEnd;
      }),
    note: string().trim().required(SAY_WHY).max(2000, "Keep this under 2000 characters."),
  });
}
