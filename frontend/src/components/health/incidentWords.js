import { t } from "ttag";

// An incident report's choices in the words a parent and the school's staff read them.
export const INCIDENT_KINDS = [
  { value: "injury", label: t`Injury` },
  { value: "illness", label: t`Illness` },
  { value: "behaviour", label: t`Behaviour` },
  { value: "other", label: t`Other` },
];

// Where an injury is (health.models.BodyArea), in the server's order.
export const BODY_AREAS = [
  { value: "head", label: t`Head` },
  { value: "face", label: t`Face` },
  { value: "neck", label: t`Neck` },
  { value: "chest", label: t`Chest` },
  { value: "back", label: t`Back` },
  { value: "abdomen", label: t`Abdomen` },
  { value: "left_arm", label: t`Left arm` },
  { value: "right_arm", label: t`Right arm` },
  { value: "left_hand", label: t`Left hand` },
  { value: "right_hand", label: t`Right hand` },
  { value: "left_leg", label: t`Left leg` },
  { value: "right_leg", label: t`Right leg` },
  { value: "left_foot", label: t`Left foot` },
  { value: "right_foot", label: t`Right foot` },
];

function labelOf(choices, value) {
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

export function kindLabel(kind) {
  return labelOf(INCIDENT_KINDS, kind);
}

export function bodyAreaLabel(area) {
  return labelOf(BODY_AREAS, area);
}

// The children a report names, "Mia Lopez and Sam Lopez".
export function childrenNamed(incident) {
  const names = (incident.children ?? []).map((child) => child.name);
  if (names.length <= 1) return names.join("");
  const allButLast = names.slice(0, -1).join(", ");
  const last = names[names.length - 1];
  return t`${allButLast} and ${last}`;
}
