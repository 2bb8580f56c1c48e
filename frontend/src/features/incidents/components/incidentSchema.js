import { t } from "ttag";
import * as yup from "yup";

// What an admin may correct of an open report (PATCH /incidents/:id), in the form's order.
export const INCIDENT_EDIT_FIELDS = [
  "kind",
  "bodyArea",
  "location",
  "description",
  "firstAid",
  "told",
  "parentToldAt",
  "followUp",
  "internalNotes",
];

export const INCIDENT_LABELS = {
  kind: t`What kind`,
  bodyArea: t`Where on the body`,
  location: t`Where`,
  description: t`What happened`,
  firstAid: t`First aid`,
  told: t`Who was told`,
  parentToldAt: t`When a parent was told`,
  followUp: t`Follow-up`,
  internalNotes: t`Internal notes`,
  text: t`Add to the report`,
};

export const incidentMessages = {
  kindRequired: t`Choose what kind of incident it was.`,
  bodyAreaRequired: t`Choose where on the body the injury is.`,
  descriptionRequired: t`Say what happened.`,
  parentToldInFuture: t`A parent cannot have been told in the future.`,
  addendumRequired: t`Write what to add to the report.`,
};

// The reader's own clock, "YYYY-MM-DDTHH:MM", as a datetime-local input gives and takes it.
export function localInputOf(iso) {
  if (!iso) return "";
  const at = new Date(iso);
  const two = (number) => String(number).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

// A datetime-local value as the moment it names on the reader's clock, for the server.
export function momentOf(localValue) {
  return localValue ? new Date(localValue).toISOString() : null;
}

export const incidentEditSchema = yup.object({
  kind: yup.string().required(incidentMessages.kindRequired),
  bodyArea: yup.string().when("kind", {
    is: "injury",
    then: (field) => field.required(incidentMessages.bodyAreaRequired),
  }),
  description: yup.string().trim().required(incidentMessages.descriptionRequired),
  parentToldAt: yup
    .string()
    .test(
      "not-in-future",
      incidentMessages.parentToldInFuture,
      (value) => !value || new Date(value).getTime() <= Date.now() + 5 * 60 * 1000,
    ),
});

export const addendumSchema = yup.object({
  text: yup.string().trim().required(incidentMessages.addendumRequired),
});

// The report as the form starts: each field as the report has it.
export function editValuesOf(incident) {
  return {
    kind: incident.kind,
    bodyArea: incident.bodyArea ?? "",
    location: incident.location ?? "",
    description: incident.description ?? "",
    firstAid: incident.firstAid ?? "",
    told: incident.told ?? "",
    parentToldAt: localInputOf(incident.parentToldAt),
    followUp: incident.followUp ?? "",
    internalNotes: incident.internalNotes ?? "",
  };
}

// Every field as the server takes it: trimmed; a body area only for an injury.
function sentOf(values) {
  const text = (name) => (values[name] ?? "").trim();
  return {
    kind: values.kind,
    bodyArea: values.kind === "injury" ? values.bodyArea : "",
    location: text("location"),
    description: text("description"),
    firstAid: text("firstAid"),
    told: text("told"),
    parentToldAt: momentOf(values.parentToldAt),
    followUp: text("followUp"),
    internalNotes: text("internalNotes"),
  };
}

/*
 * The PATCH's body: only the fields the admin changed (`initial`, the form's starting values),
 * so an edit never rewrites what it did not touch (a time the input rounds to the minute).
 */
export function editBodyOf(values, initial) {
  const now = sentOf(values);
  const before = sentOf(initial);
  return Object.fromEntries(Object.entries(now).filter(([name, value]) => value !== before[name]));
}
