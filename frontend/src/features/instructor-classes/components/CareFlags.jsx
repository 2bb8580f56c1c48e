import "./care-flags.css";

/*
 * Theme-aware Bootstrap colours, loudest first. The words say it all; the colour only adds. Each
 * class is written out whole: the build keeps only the classes it finds named in the code.
 */
const ALARM = "text-bg-danger care-flag-alarm";
const LOUD = "text-bg-warning";
const WARNING = "bg-warning-subtle text-warning-emphasis border border-warning-subtle";
const DANGER = "bg-danger-subtle text-danger-emphasis border border-danger-subtle";
const SUCCESS = "bg-success-subtle text-success-emphasis border border-success-subtle";
const INFO = "bg-info-subtle text-info-emphasis border border-info-subtle";
const NOTE = "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle";

// The most severe allergy: the flag's first word (one allergy, several), and how loud it is.
const ALLERGY = {
  anaphylactic: { lead: ["EpiPen", "EpiPen"], tone: ALARM },
  severe: { lead: ["Allergy", "Allergies"], tone: LOUD },
  mild: { lead: ["Allergy", "Allergies"], tone: WARNING },
};

/*
 * "EpiPen: Peanuts (anaphylactic)"; without names, the severity alone: "Allergy (mild)". The
 * flags name every allergy but give only the most severe one's severity, so with several the
 * flag says it is the worst of them: "EpiPen: Peanuts, Pollen (at worst anaphylactic)".
 */
function allergyFlag({ allergy, allergies = [] }) {
  const kind = ALLERGY[allergy];
  if (!kind) return null;
  const several = allergies.length > 1;
  const lead = kind.lead[several ? 1 : 0];
  const severity = several ? `at worst ${allergy}` : allergy;
  const text = allergies.length
    ? `${lead}: ${allergies.join(", ")} (${severity})`
    : `${lead} (${severity})`;
  return { key: "allergy", text, tone: kind.tone };
}

function photoFlag(photoConsent) {
  if (photoConsent === false) return { key: "photos", text: "No photos", tone: DANGER };
  if (photoConsent === true) return { key: "photos", text: "Photos OK", tone: SUCCESS };
  return { key: "photos", text: "Photo consent not given", tone: NOTE };
}

/*
 * What a roster line's care flags say, in the order to read them: the allergy (the EpiPen flag
 * first of all), medication, photos, who collects the child, and whether the record is complete.
 */
export function careFlagItems(flags) {
  const items = [allergyFlag(flags)];
  if (flags.medicationAtCamp) {
    items.push({ key: "medication", text: "Medication at camp", tone: INFO });
  }
  items.push(photoFlag(flags.photoConsent));
  if (flags.pickups?.length) {
    items.push({
      key: "pickups",
      text: `Pick-up: ${flags.pickups.join(", ")}`,
      tone: NOTE,
    });
  }
  if (flags.mayLeaveAlone) {
    items.push({ key: "leave-alone", text: "May leave alone", tone: NOTE });
  }
  if (flags.complete === false) {
    items.push({ key: "incomplete", text: "Care record incomplete", tone: WARNING });
  }
  return items.filter(Boolean);
}

// A roster line's care flags, as a list a screen reader can count and walk.
export function CareFlags({ flags, label = "Care flags" }) {
  return (
    <ul className="care-flags list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={label}>
      {careFlagItems(flags).map(({ key, text, tone }) => (
        <li key={key} className={`badge care-flag ${tone}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}
