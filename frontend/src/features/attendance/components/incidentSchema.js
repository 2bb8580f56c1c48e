import { t } from "ttag";
import { array, object, string } from "yup";

import { BODY_AREAS, INCIDENT_KINDS } from "../../../components/health/incidentWords";
import { tooLong } from "./formWords";
import { CLOCK_SKEW_MS } from "./whenFields";

const text = (max) => string().trim().max(max, tooLong(max));

const notLater = (value) => !value || Date.parse(value) <= Date.now() + CLOCK_SKEW_MS;

/*
 * An incident report as the server checks it (health's POST /incidents): at least one child,
 * when it happened (not still to come, not before the meeting's day, `dayStart`), its kind, the
 * body area of an injury, and what happened; the rest is optional, each within the server's
 * length.
 */
export function incidentSchema({ dayStart }) {
  const notInFuture = t`This time is still to come.`;
  const chooseKind = t`Choose what kind of incident it was.`;
  const chooseArea = t`Choose where on the body the injury is.`;
  return object({
    participantIds: array()
      .of(string())
      .min(1, t`Choose at least one child.`),
    at: string()
      .required(t`Enter when it happened.`)
      .test("not-later", notInFuture, notLater)
      .test(
        "on-the-day",
        t`It must be on the day of this class.`,
        (value) => !value || Date.parse(value) >= dayStart,
      ),
    kind: string()
      .required(chooseKind)
      .oneOf(
        INCIDENT_KINDS.map((kind) => kind.value),
        chooseKind,
      ),
    bodyArea: string().when("kind", {
      is: "injury",
      then: (schema) =>
        schema.required(chooseArea).oneOf(
          BODY_AREAS.map((area) => area.value),
          chooseArea,
        ),
      otherwise: (schema) => schema,
    }),
    location: text(200),
    description: text(4000).required(t`Say what happened.`),
    firstAid: text(2000),
    told: text(300),
    parentToldAt: string().test("not-later", notInFuture, notLater),
    followUp: text(2000),
    internalNotes: text(4000),
  });
}
