/*
 * What an incident report names, as the server's health.models choices do: the kind of incident
 * and, for an injury, where on the body it is.
 */
export const INCIDENT_KINDS = [
  { value: "injury", label: "Injury" },
  { value: "illness", label: "Illness" },
  { value: "behaviour", label: "Behaviour" },
  { value: "other", label: "Other" },
];

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

export const kindLabel = (kind) => INCIDENT_KINDS.find((item) => item.value === kind)?.label;
export const areaLabel = (area) => BODY_AREAS.find((item) => item.value === area)?.label;
