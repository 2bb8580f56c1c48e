// An incident report's choices in the words a parent and the school's staff read them.
export const INCIDENT_KINDS = [
  { value: "injury", label: "Injury" },
  { value: "illness", label: "Illness" },
  { value: "behaviour", label: "Behaviour" },
  { value: "other", label: "Other" },
];

// Where an injury is (health.models.BodyArea), in the server's order.
export const BODY_AREAS = [
  { value: "head", label: "Head" },
  { value: "face", label: "Face" },
  { value: "neck", label: "Neck" },
  { value: "chest", label: "Chest" },
  { value: "back", label: "Back" },
  { value: "abdomen", label: "Abdomen" },
  { value: "left_arm", label: "Left arm" },
  { value: "right_arm", label: "Right arm" },
  { value: "left_hand", label: "Left hand" },
  { value: "right_hand", label: "Right hand" },
  { value: "left_leg", label: "Left leg" },
  { value: "right_leg", label: "Right leg" },
  { value: "left_foot", label: "Left foot" },
  { value: "right_foot", label: "Right foot" },
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
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
