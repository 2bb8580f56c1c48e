/*
 * What an instructor must see at the door, loudest first: the allergy with its severity, the
 * medication kept at camp, and "No photos". The rest of the care record (who may collect the
 * child) is in the check-out dialog. The colours are Bootstrap's theme classes, which follow the
 * light or dark theme; the words say it all.
 */
const ALLERGY_TONE = {
  anaphylactic: "text-bg-danger",
  severe: "text-bg-warning",
  mild: "bg-warning-subtle text-warning-emphasis border border-warning-subtle",
};

function allergyText({ allergy, allergies = [] }) {
  const lead =
    allergy === "anaphylactic" ? "EpiPen" : allergies.length > 1 ? "Allergies" : "Allergy";
  const severity = allergies.length > 1 ? `at worst ${allergy}` : allergy;
  return allergies.length
    ? `${lead}: ${allergies.join(", ")} (${severity})`
    : `${lead} (${severity})`;
}

export function todayFlagItems(flags) {
  const items = [];
  if (ALLERGY_TONE[flags.allergy]) {
    items.push({ key: "allergy", text: allergyText(flags), tone: ALLERGY_TONE[flags.allergy] });
  }
  if (flags.medicationAtCamp) {
    items.push({
      key: "medication",
      text: "Medication at camp",
      tone: "bg-info-subtle text-info-emphasis border border-info-subtle",
    });
  }
  if (flags.photoConsent === false) {
    items.push({
      key: "photos",
      text: "No photos",
      tone: "bg-danger-subtle text-danger-emphasis border border-danger-subtle",
    });
  }
  return items;
}

export function TodayFlags({ flags, name }) {
  const items = todayFlagItems(flags);
  if (items.length === 0) return null;
  return (
    <ul
      className="attendance-flags list-unstyled d-flex flex-wrap gap-1 mb-2"
      aria-label={`Care flags for ${name}`}
    >
      {items.map(({ key, text, tone }) => (
        <li key={key} className={`badge attendance-flag ${tone}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}
