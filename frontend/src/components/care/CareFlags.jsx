import { t } from "ttag";

import "./care-flags.css";

/*
 * Theme-aware Bootstrap colours, loudest first. The words say it all; the colour only adds. Each
 * class is written out whole: the build keeps only the classes it finds named in the code.
 */
const DANGER_LOUD = "text-bg-danger";
const LOUD = "text-bg-warning";
const WARNING = "bg-warning-subtle text-warning-emphasis border border-warning-subtle";
const DANGER = "bg-danger-subtle text-danger-emphasis border border-danger-subtle";
const SUCCESS = "bg-success-subtle text-success-emphasis border border-success-subtle";
const INFO = "bg-info-subtle text-info-emphasis border border-info-subtle";
const NOTE = "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle";

// The most severe allergy: the flag's first word (one allergy, several), and how loud it is.
const ALLERGY = {
  anaphylactic: { lead: [t`EpiPen`, t`EpiPen`], tone: DANGER_LOUD, alarm: true },
  severe: { lead: [t`Allergy`, t`Allergies`], tone: LOUD },
  mild: { lead: [t`Allergy`, t`Allergies`], tone: WARNING },
};

// Each severity as a flag says it.
const SEVERITY_WORDS = { anaphylactic: t`anaphylactic`, severe: t`severe`, mild: t`mild` };

// What an instructor must see at the door, loudest first. Who may collect the child is in the
// Today page's check-out dialog.
const AT_THE_DOOR = new Set(["allergy", "medication", "no-photos"]);

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
  const severityWord = SEVERITY_WORDS[allergy];
  const severity = several ? t`at worst ${severityWord}` : severityWord;
  const names = allergies.join(", ");
  const text = allergies.length ? `${lead}: ${names} (${severity})` : `${lead} (${severity})`;
  return { key: "allergy", text, tone: kind.tone, alarm: Boolean(kind.alarm) };
}

function photoFlag(photoConsent) {
  if (photoConsent === false) return { key: "no-photos", text: t`No photos`, tone: DANGER };
  if (photoConsent === true) return { key: "photos-ok", text: t`Photos OK`, tone: SUCCESS };
  return { key: "photos-not-given", text: t`Photo consent not given`, tone: NOTE };
}

/*
 * What a child's care flags say, in the order to read them: the allergy (the EpiPen flag first of
 * all), medication, photos, who collects the child, and whether the record is complete. At the
 * door only the allergy, the medication and "No photos".
 */
export function careFlagItems(flags, { atTheDoor = false } = {}) {
  const items = [allergyFlag(flags)];
  if (flags.medicationAtCamp) {
    items.push({ key: "medication", text: t`Medication at camp`, tone: INFO });
  }
  items.push(photoFlag(flags.photoConsent));
  if (flags.pickups?.length) {
    const pickups = flags.pickups.join(", ");
    items.push({
      key: "pickups",
      text: t`Pick-up: ${pickups}`,
      tone: NOTE,
    });
  }
  if (flags.mayLeaveAlone) {
    items.push({ key: "leave-alone", text: t`May leave alone`, tone: NOTE });
  }
  if (flags.complete === false) {
    items.push({ key: "incomplete", text: t`Care record incomplete`, tone: WARNING });
  }
  const shown = items.filter(Boolean);
  return atTheDoor ? shown.filter((item) => AT_THE_DOOR.has(item.key)) : shown;
}

/*
 * A child's care flags, as a list a screen reader can count and walk: the roster's, or with
 * `atTheDoor` the Today page's, where every flag is already a size larger for a phone held at
 * the door, and nothing shows when there is nothing to watch.
 */
export function CareFlags({ flags, label = t`Care flags`, atTheDoor = false }) {
  const items = careFlagItems(flags, { atTheDoor });
  if (items.length === 0) return null;
  const list = atTheDoor ? "care-flags-door mb-2" : "care-flags mb-0";
  return (
    <ul className={`${list} list-unstyled d-flex flex-wrap gap-1`} aria-label={label}>
      {items.map(({ key, text, tone, alarm }) => (
        <li
          key={key}
          className={`badge care-flag ${tone}${alarm && !atTheDoor ? " care-flag-alarm" : ""}`}
        >
          {text}
        </li>
      ))}
    </ul>
  );
}
