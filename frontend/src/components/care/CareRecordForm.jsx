import { Form, Formik } from "formik";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { t } from "ttag";

import { useCareRecord, useSaveCareSection } from "../../api/care";
import { CheckboxField } from "../forms/CheckboxField";
import { FormErrorSummary } from "../forms/ErrorSummary";
import { FormField } from "../forms/FormField";
import { SelectField } from "../forms/SelectField";
import { RowsField, YesNoField } from "./CareFields";
import { careRecordSchema, MAX_ROWS } from "./careRecordSchema";
import { CARE_SECTIONS, sectionDone, sectionsProgress, sectionValues } from "./careSections";
import { careServerErrors } from "./careServerErrors";
import { capitalised } from "./careWho";

const SEVERITY_OPTIONS = [
  { value: "mild", label: t`Mild` },
  { value: "severe", label: t`Severe` },
  { value: "anaphylactic", label: t`Anaphylactic (life-threatening)` },
];

const BLANK_ALLERGY = { name: "", severity: "", action: "" };
const BLANK_MEDICATION = { name: "", dose: "", schedule: "", atCamp: false };
const BLANK_PERSON = { name: "", relationship: "", phone: "" };

function rowsOf(rows, blank) {
  return (rows ?? []).map((row) =>
    Object.fromEntries(Object.keys(blank).map((field) => [field, row[field] ?? blank[field]])),
  );
}

const ANSWERS = { true: "yes", false: "no" };

// The sections a sibling's people are copied into: a copy draws them afresh (their key), and
// saving one keeps it as it is.
const COPIED_INTO = ["contacts", "pickups"];

// The form's values from a record as the server answers it; a list of contacts is filled out
// with empty rows to the number the school asks for.
export function careFormValues(record) {
  const contacts = rowsOf(record.emergencyContacts, BLANK_PERSON);
  while (contacts.length < (record.emergencyContactsRequired ?? 0)) {
    contacts.push({ ...BLANK_PERSON });
  }
  return {
    allergies: rowsOf(record.allergies, BLANK_ALLERGY),
    medications: rowsOf(record.medications, BLANK_MEDICATION),
    conditions: record.conditions ?? "",
    dietary: record.dietary ?? "",
    doctor: { name: record.doctor?.name ?? "", phone: record.doctor?.phone ?? "" },
    emergencyContacts: contacts,
    pickups: rowsOf(record.pickups, BLANK_PERSON),
    mayLeaveAlone: Boolean(record.mayLeaveAlone),
    photoConsent: ANSWERS[record.photoConsent] ?? "",
  };
}

// A section's record to save from its form's values (api/care.js trims and sends it).
function recordOf(values, mayLeaveAloneAllowed) {
  const record = { ...values };
  if ("mayLeaveAlone" in values) {
    record.mayLeaveAlone = mayLeaveAloneAllowed && values.mayLeaveAlone;
  }
  if ("photoConsent" in values) {
    record.photoConsent = values.photoConsent === "" ? null : values.photoConsent === "yes";
  }
  return record;
}

function PersonFields({ prefix, autoFocus }) {
  return (
    <div className="row g-2">
      <div className="col-12 col-md-4">
        <FormField
          name={`${prefix}.name`}
          label={t`Name`}
          autoComplete="off"
          autoFocus={autoFocus}
        />
      </div>
      <div className="col-12 col-md-4">
        <FormField
          name={`${prefix}.relationship`}
          label={t`Relationship`}
          autoComplete="off"
          placeholder={t`Aunt, neighbour…`}
        />
      </div>
      <div className="col-12 col-md-4">
        <FormField name={`${prefix}.phone`} label={t`Phone`} type="tel" autoComplete="off" />
      </div>
    </div>
  );
}

function HealthFields() {
  return (
    <>
      <RowsField
        name="allergies"
        max={MAX_ROWS.allergies}
        legend={t`Allergies`}
        hint={t`Food, medicine, insects, anything else. Leave empty if none.`}
        rowName={t`Allergy`}
        blankRow={BLANK_ALLERGY}
        addLabel={t`Add an allergy`}
        renderRow={(prefix, _index, autoFocus) => (
          <div className="row g-2">
            <div className="col-12 col-md-6">
              <FormField
                name={`${prefix}.name`}
                label={t`Allergic to`}
                autoComplete="off"
                autoFocus={autoFocus}
              />
            </div>
            <div className="col-12 col-md-6">
              <SelectField
                name={`${prefix}.severity`}
                label={t`Severity`}
                emptyLabel={t`Choose…`}
                options={SEVERITY_OPTIONS}
              />
            </div>
            <div className="col-12">
              <FormField
                name={`${prefix}.action`}
                label={t`What to do`}
                as="textarea"
                rows={2}
                hint={t`What the staff should do if they react.`}
              />
            </div>
          </div>
        )}
      />
      <RowsField
        name="medications"
        max={MAX_ROWS.medications}
        legend={t`Medications`}
        hint={t`Leave empty if none.`}
        rowName={t`Medication`}
        blankRow={BLANK_MEDICATION}
        addLabel={t`Add a medication`}
        renderRow={(prefix, _index, autoFocus) => (
          <>
            <div className="row g-2">
              <div className="col-12 col-md-4">
                <FormField
                  name={`${prefix}.name`}
                  label={t`Medicine`}
                  autoComplete="off"
                  autoFocus={autoFocus}
                />
              </div>
              <div className="col-12 col-md-4">
                <FormField name={`${prefix}.dose`} label={t`Dose`} autoComplete="off" />
              </div>
              <div className="col-12 col-md-4">
                <FormField name={`${prefix}.schedule`} label={t`When`} autoComplete="off" />
              </div>
            </div>
            <CheckboxField
              name={`${prefix}.atCamp`}
              label={t`Given at camp`}
              hint={t`Staff give it during class. Instructors see only these medications.`}
            />
          </>
        )}
      />
      <fieldset className="mb-4">
        <legend className="h5 mb-2">{t`Health`}</legend>
        <FormField
          name="conditions"
          label={t`Medical conditions`}
          as="textarea"
          rows={3}
          hint={t`Asthma, epilepsy, anything the staff should know. Leave empty if none.`}
        />
        <FormField
          name="dietary"
          label={t`Dietary needs`}
          as="textarea"
          rows={2}
          hint={t`Vegetarian, no pork, anything else. Leave empty if none.`}
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5 mb-2">{t`Doctor`}</legend>
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <FormField name="doctor.name" label={t`Doctor's name`} autoComplete="off" />
          </div>
          <div className="col-12 col-md-6">
            <FormField
              name="doctor.phone"
              label={t`Doctor's phone`}
              type="tel"
              autoComplete="off"
            />
          </div>
        </div>
      </fieldset>
    </>
  );
}

function ContactsFields({ required }) {
  return (
    <RowsField
      name="emergencyContacts"
      max={MAX_ROWS.emergencyContacts}
      legend={t`Emergency contacts`}
      hint={
        required
          ? t`People the school calls when it cannot reach you. The school needs at least ${required}.`
          : t`People the school calls when it cannot reach you.`
      }
      rowName={t`Emergency contact`}
      blankRow={BLANK_PERSON}
      addLabel={t`Add an emergency contact`}
      keep={required}
      renderRow={(prefix, _index, autoFocus) => (
        <PersonFields prefix={prefix} autoFocus={autoFocus} />
      )}
    />
  );
}

function PickupsFields({ who, allowedAlone }) {
  const whoCapitalised = capitalised(who.name);
  return (
    <>
      <RowsField
        name="pickups"
        max={MAX_ROWS.pickups}
        legend={t`Who may collect them`}
        hint={
          who.self
            ? t`The people the staff may hand ${who.name} over to at the end of class.`
            : t`The people the staff may hand ${who.name} over to at the end of class, besides you.`
        }
        rowName={t`Pick-up person`}
        blankRow={BLANK_PERSON}
        addLabel={t`Add a person`}
        renderRow={(prefix, _index, autoFocus) => (
          <PersonFields prefix={prefix} autoFocus={autoFocus} />
        )}
      />
      {allowedAlone && (
        <CheckboxField
          name="mayLeaveAlone"
          label={t`May leave on their own`}
          hint={t`${whoCapitalised} may leave at the end of class without being collected.`}
        />
      )}
    </>
  );
}

function ConsentFields({ who }) {
  return (
    <YesNoField
      name="photoConsent"
      legend={t`Photo consent`}
      hint={t`May the school take photos of ${who.name} in class?`}
    />
  );
}

/*
 * Every section's fields in one form, for a record taken whole at once (the front desk, on the
 * telephone with the family): the form around them holds the record's values (careFormValues)
 * and checks them with careRecordSchema; careRecordBody (api/care.js) makes what is sent.
 */
export function CareRecordFields({ who, required = 0, allowedAlone = false, headingLevel = 3 }) {
  const Heading = `h${headingLevel}`;
  return (
    <>
      <Heading className="h6 mt-3">{t`Health`}</Heading>
      <HealthFields />
      <Heading className="h6 mt-3">{t`Emergency contacts`}</Heading>
      <ContactsFields required={required} />
      <Heading className="h6 mt-3">{t`Pick-ups`}</Heading>
      <PickupsFields who={who} allowedAlone={allowedAlone} />
      <Heading className="h6 mt-3">{t`Consent`}</Heading>
      <ConsentFields who={who} />
    </>
  );
}

/*
 * Pressing Save would first take the focus from the field being typed in, whose message then
 * shows and pushes Save down from under the pointer before the press ends: the press would do
 * nothing. The field keeps the focus until the press is a click; the form then sends or says
 * what is wrong.
 */
function keepTheFieldFocused(event) {
  event.preventDefault();
}

/*
 * One section of the record, with its own form and Save: only its fields are sent (PATCH), the
 * rest of the record stays as saved. Its done mark is the server's word (careSections.js). A
 * refusal, the browser's or the server's, is summed up at the top of the section's form, which
 * takes the focus.
 */
function CareSection({
  participantId,
  section,
  record,
  startFrom,
  who,
  schema,
  headingLevel,
  headingRef,
  note,
  onSaved,
  children,
}) {
  const save = useSaveCareSection();
  const headingId = useId();
  const allowedAlone = Boolean(record.mayLeaveAloneAllowed);
  const done = sectionDone(section, record);
  const Heading = `h${headingLevel}`;
  const initialValues = useMemo(
    () => sectionValues(section, careFormValues(startFrom)),
    [section, startFrom],
  );
  const title = section.title.toLowerCase();

  async function submit(values, { setErrors, setStatus, resetForm }) {
    setStatus(undefined);
    let saved;
    try {
      saved = await save(participantId, recordOf(values, allowedAlone), section.fields);
    } catch (saveError) {
      const { errors, formError } = careServerErrors(saveError);
      setErrors(errors);
      setStatus(formError || undefined);
      return;
    }
    resetForm({ values: sectionValues(section, careFormValues(saved)) });
    onSaved?.(saved, section);
  }

  return (
    <section className="border rounded p-3 mb-4" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <Heading id={headingId} ref={headingRef} tabIndex={-1} className="h5 mb-0">
          {section.title}
        </Heading>
        {done ? (
          <span className="badge text-bg-success">
            <span aria-hidden="true">{"✓ "}</span>
            {t`Done`}
          </span>
        ) : (
          <span className="badge text-bg-secondary">{t`To do`}</span>
        )}
      </div>
      {note}
      <Formik
        initialValues={initialValues}
        validationSchema={schema}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t`${who.Whose} care record: ${title}`}>
            <FormErrorSummary />
            {children}
            <button
              type="submit"
              className="btn btn-primary"
              disabled={isSubmitting}
              onMouseDown={keepTheFieldFocused}
            >
              {isSubmitting ? t`Saving…` : t`Save ${title}`}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

// A sibling's record, offered once it holds contacts or people to collect them.
function SiblingCopy({ sibling, onCopy }) {
  const { data: record } = useCareRecord(sibling.participantId);
  const people = (record?.emergencyContacts?.length ?? 0) + (record?.pickups?.length ?? 0);
  if (!record?.confirmedAt || people === 0) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      onClick={() => onCopy(record, sibling.name)}
    >
      {t`Copy contacts and pick-ups from ${sibling.name}`}
    </button>
  );
}

/*
 * A child's care record, in sections saved one at a time: health (allergies, medications,
 * conditions, diet, doctor), emergency contacts, pick-ups (and leaving alone, for a child old
 * enough), and consent; with how many are done. `record` is the record as the server answers it
 * (a blank one for a child whose record was never saved), `who` names its person (careWho.js).
 * `siblings` ({ participantId, name }) are the family's other children: one whose record holds
 * contacts or pick-ups is offered to copy them from, into this record's forms, to look over and
 * save. Each saved section's record goes to `onSaved(record, section)`. Rows stack on a narrow
 * screen.
 */
export function CareRecordForm({
  participantId,
  record,
  who,
  siblings = [],
  headingLevel = 3,
  onSaved,
}) {
  const required = record.emergencyContactsRequired ?? 0;
  const allowedAlone = Boolean(record.mayLeaveAloneAllowed);
  const schema = useMemo(
    () => careRecordSchema({ emergencyContactsRequired: required }),
    [required],
  );
  const schemas = useMemo(() => {
    const picked = CARE_SECTIONS.map((section) => [section.key, schema.pick(section.fields)]);
    return Object.fromEntries(picked);
  }, [schema]);
  // A sibling's people copied into the sections still to save (`pending`) until each is saved.
  const [copied, setCopied] = useState(null);
  const copiedAt = copied?.at;
  const contactsHeading = useRef(null);
  useEffect(() => {
    if (copiedAt) contactsHeading.current?.focus();
  }, [copiedAt]);
  const { done, total } = sectionsProgress(record);

  const pending = (key) => Boolean(copied?.pending.includes(key));
  const startFrom = (key) =>
    pending(key)
      ? { ...record, emergencyContacts: copied.emergencyContacts, pickups: copied.pickups }
      : record;
  const copiedNote = (key) =>
    pending(key) ? (
      <p className="alert alert-info py-2">
        {t`Copied from ${copied.from}'s record. Look them over, then press Save.`}
      </p>
    ) : null;

  function sectionSaved(saved, section) {
    setCopied((before) =>
      before ? { ...before, pending: before.pending.filter((key) => key !== section.key) } : null,
    );
    onSaved?.(saved, section);
  }
  const fieldsOf = {
    health: <HealthFields />,
    contacts: <ContactsFields required={required} />,
    pickups: <PickupsFields who={who} allowedAlone={allowedAlone} />,
    consent: <ConsentFields who={who} />,
  };

  return (
    <div>
      <p className="fw-semibold mb-2" aria-live="polite">
        {t`${done} of ${total} sections done`}
      </p>
      <progress className="w-100 mb-3" max={total} value={done} aria-hidden="true" />
      {siblings.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          {siblings.map((sibling) => (
            <SiblingCopy
              key={sibling.participantId}
              sibling={sibling}
              onCopy={(from, name) =>
                setCopied({
                  from: name,
                  emergencyContacts: from.emergencyContacts,
                  pickups: from.pickups,
                  pending: COPIED_INTO,
                  at: Date.now(),
                })
              }
            />
          ))}
        </div>
      )}
      {CARE_SECTIONS.map((section) => (
        <CareSection
          key={COPIED_INTO.includes(section.key) ? `${section.key} ${copiedAt}` : section.key}
          participantId={participantId}
          section={section}
          record={record}
          startFrom={startFrom(section.key)}
          who={who}
          schema={schemas[section.key]}
          headingLevel={headingLevel}
          headingRef={section.key === "contacts" ? contactsHeading : undefined}
          note={copiedNote(section.key)}
          onSaved={sectionSaved}
        >
          {fieldsOf[section.key]}
        </CareSection>
      ))}
    </div>
  );
}
