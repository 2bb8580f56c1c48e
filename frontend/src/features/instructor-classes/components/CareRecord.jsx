import { t } from "ttag";

import { LongText } from "../../../components/ui/LongText";
import { PlainText } from "../../../components/ui/PlainText";
import { telHref } from "../../../components/ui/telHref";

// The severity of an allergy in words, and how loud its label is (the words carry it).
function severityOf(allergy) {
  const severities = {
    anaphylactic: { text: t`Anaphylactic: EpiPen`, tone: "text-bg-danger" },
    severe: { text: t`Severe`, tone: "text-bg-warning" },
    mild: {
      text: t`Mild`,
      tone: "bg-warning-subtle text-warning-emphasis border border-warning-subtle",
    },
  };
  return severities[allergy.severity];
}

// What the family answered about photos: yes, no, or nothing yet (null).
function photoConsentWords(consent) {
  if (consent === true) return t`Photos OK: the family agrees to photos of their child at camp.`;
  if (consent === false) {
    return t`No photos: the family does not agree to photos of their child at camp.`;
  }
  return t`Photo consent not given: take no photos of this child until the family answers.`;
}

function None({ children }) {
  return <p className="text-body-secondary mb-0">{children}</p>;
}

function Phone({ phone }) {
  if (!phone) return null;
  return (
    <div>
      <a href={telHref(phone)}>{phone}</a>
    </div>
  );
}

// One part of the record under its own heading, a landmark a screen reader can jump to.
function Part({ id, title, children }) {
  const headingId = `care-${id}-heading`;
  return (
    <section className="col" aria-labelledby={headingId}>
      <div className="card h-100">
        <div className="card-body">
          <h2 id={headingId} className="h5 card-title">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

function Allergies({ allergies }) {
  if (allergies.length === 0) return <None>{t`No allergies recorded.`}</None>;
  return (
    <ul className="list-unstyled mb-0 d-grid gap-3">
      {allergies.map((allergy, index) => {
        const severity = severityOf(allergy);
        return (
          <li key={index}>
            <p className="fw-semibold mb-1">
              <LongText text={allergy.name} />{" "}
              {severity && (
                <span className={`badge ${severity.tone}`}>
                  {severity.text}
                  <span className="visually-hidden"> {t`allergy`}</span>
                </span>
              )}
            </p>
            <p className="mb-0">
              <span className="fw-semibold">{t`What to do:`}</span>{" "}
              {allergy.action?.trim() || t`The family wrote nothing.`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function MedicationList({ medications }) {
  return (
    <ul className="list-unstyled mb-0 d-grid gap-2">
      {medications.map((medication, index) => {
        const { dose, schedule } = medication;
        return (
          <li key={index}>
            <LongText as="div" className="fw-semibold" text={medication.name} />
            {dose && <div>{t`Dose: ${dose}`}</div>}
            {schedule && <div>{t`When: ${schedule}`}</div>}
          </li>
        );
      })}
    </ul>
  );
}

// An instructor is sent only the medication given at camp; an admin reads the rest too.
function Medications({ medications }) {
  const atCamp = medications.filter((medication) => medication.atCamp);
  const elsewhere = medications.filter((medication) => !medication.atCamp);
  return (
    <>
      {atCamp.length > 0 ? (
        <MedicationList medications={atCamp} />
      ) : (
        <None>{t`No medication to give at camp.`}</None>
      )}
      {elsewhere.length > 0 && (
        <>
          <h3 className="h6 mt-3">{t`Not given at camp`}</h3>
          <MedicationList medications={elsewhere} />
        </>
      )}
    </>
  );
}

// Emergency contacts and pick-ups: a name, how they are related, and a number to call.
function People({ people, none }) {
  if (people.length === 0) return <None>{none}</None>;
  return (
    <ul className="list-unstyled mb-0 d-grid gap-2">
      {people.map((person, index) => (
        <li key={index}>
          <LongText as="div" className="fw-semibold" text={person.name} />
          {person.relationship && <div>{person.relationship}</div>}
          <Phone phone={person.phone} />
        </li>
      ))}
    </ul>
  );
}

function Written({ text }) {
  if (!text?.trim()) return <None>{t`None recorded.`}</None>;
  return <PlainText text={text} paragraphClassName="mb-1" />;
}

/*
 * One child's care record as the server sent it to this reader. A key the answer leaves out (an
 * instructor is not sent the conditions, dietary needs or doctor unless the class needs them)
 * has no part on the page at all, so nothing suggests "none" where the reader was told nothing.
 */
export function CareRecord({ care }) {
  const has = (key) => Object.hasOwn(care, key);
  return (
    <div className="row row-cols-1 row-cols-lg-2 g-3">
      {has("allergies") && (
        <Part id="allergies" title={t`Allergies`}>
          <Allergies allergies={care.allergies ?? []} />
        </Part>
      )}
      {has("medications") && (
        <Part id="medications" title={t`Medication at camp`}>
          <Medications medications={care.medications ?? []} />
        </Part>
      )}
      {has("conditions") && (
        <Part id="conditions" title={t`Conditions`}>
          <Written text={care.conditions} />
        </Part>
      )}
      {has("dietary") && (
        <Part id="dietary" title={t`Dietary needs`}>
          <Written text={care.dietary} />
        </Part>
      )}
      {has("emergencyContacts") && (
        <Part id="emergency-contacts" title={t`Emergency contacts`}>
          <People people={care.emergencyContacts ?? []} none={t`No emergency contact given.`} />
        </Part>
      )}
      {has("doctor") && (
        <Part id="doctor" title={t`Doctor`}>
          {care.doctor?.name || care.doctor?.phone ? (
            <>
              {care.doctor.name && (
                <LongText as="div" className="fw-semibold" text={care.doctor.name} />
              )}
              <Phone phone={care.doctor.phone} />
            </>
          ) : (
            <None>{t`Not given.`}</None>
          )}
        </Part>
      )}
      {(has("pickups") || has("mayLeaveAlone")) && (
        <Part id="pickups" title={t`Pick-up`}>
          {has("pickups") && (
            <People people={care.pickups ?? []} none={t`No one is named to collect this child.`} />
          )}
          {has("mayLeaveAlone") && (
            <p className="mt-3 mb-0">
              {care.mayLeaveAlone
                ? t`May leave alone: the family allows this child to leave camp on their own.`
                : t`May not leave alone: hand this child only to the family or a person named for pick-up.`}
            </p>
          )}
        </Part>
      )}
      {has("photoConsent") && (
        <Part id="photos" title={t`Photos`}>
          <p className="mb-0">{photoConsentWords(care.photoConsent)}</p>
        </Part>
      )}
    </div>
  );
}
