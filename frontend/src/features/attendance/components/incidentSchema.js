import { array, object, string } from "yup";

import { BODY_AREAS, INCIDENT_KINDS } from "../../../components/health/incidentWords";
import { CLOCK_SKEW_MS } from "./whenFields";

export const CHOOSE_CHILD = "Choose at least one child.";
export const WHEN_NEEDED = "Enter when it happened.";
export const NOT_IN_FUTURE = "This time is still to come.";
export const NOT_BEFORE_DAY = "It must be on the day of this class.";
export const CHOOSE_KIND = "Choose what kind of incident it was.";
export const CHOOSE_AREA = "Choose where on the body the injury is.";
export const SAY_WHAT = "Say what happened.";
export const TOO_LONG = (max) => `Keep this under ${max} characters.`;

const text = (max) => string().trim().max(max, TOO_LONG(max));

const notLater = (value) => !value || Date.parse(value) <= Date.now() + CLOCK_SKEW_MS;

/*
 * An incident report as the server checks it (health's POST /incidents): at least one child,
 * when it happened (not still to come, not before the meeting's day, `dayStart`), its kind, the
 * body area of an injury, and what happened; the rest is optional, each within the server's
 * length.
 */
export function incidentSchema({ dayStart }) {
  return object({
    participantIds: array().of(string()).min(1, CHOOSE_CHILD),
    at: string()
      .required(WHEN_NEEDED)
      .test("not-later", NOT_IN_FUTURE, notLater)
      .test("on-the-day", NOT_BEFORE_DAY, (value) => !value || Date.parse(value) >= dayStart),
    kind: string()
      .required(CHOOSE_KIND)
      .oneOf(
        INCIDENT_KINDS.map((kind) => kind.value),
        CHOOSE_KIND,
      ),
    bodyArea: string().when("kind", {
      is: "injury",
      then: (schema) =>
        schema.required(CHOOSE_AREA).oneOf(
          BODY_AREAS.map((area) => area.value),
          CHOOSE_AREA,
        ),
      otherwise: (schema) => schema,
    }),
    location: text(200),
    description: text(4000).required(SAY_WHAT),
    firstAid: text(2000),
    told: text(300),
    parentToldAt: string().test("not-later", NOT_IN_FUTURE, notLater),
    followUp: text(2000),
    internalNotes: text(4000),
  });
}
