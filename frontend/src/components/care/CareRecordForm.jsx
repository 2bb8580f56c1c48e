import { Form, Formik } from "formik";
import { useMemo } from "react";

import { useSaveCareRecord } from "../../api/care";
import { CheckboxField } from "../forms/CheckboxField";
import { FormField } from "../forms/FormField";
import { SelectField } from "../forms/SelectField";
import { RowsField, YesNoField } from "./CareFields";
import { careRecordSchema, MAX_ROWS } from "./careRecordSchema";
import { capitalised } from "./careWho";
import { careServerErrors } from "./careServerErrors";

const SEVERITY_OPTIONS = [
  { value: "mild", label: "Mild" },
  { value: "severe", label: "Severe" },
  { value: "anaphylactic", label: "Anaphylactic (life-threatening)" },
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

// The record to save from the form's values (api/care.js trims and sends it).
function recordOf(values, mayLeaveAloneAllowed) {
  return {
    ...values,
    mayLeaveAlone: mayLeaveAloneAllowed && values.mayLeaveAlone,
    photoConsent: values.photoConsent === "" ? null : values.photoConsent === "yes",
  };
}

function PersonFields({ prefix, autoFocus }) {
  return (
    <div className="row g-2">
      <div className="col-12 col-md-4">
        <FormField name={`${prefix}.name`} label="Name" autoComplete="off" autoFocus={autoFocus} />
      </div>
      <div className="col-12 col-md-4">
        <FormField
          name={`${prefix}.relationship`}
          label="Relationship"
          autoComplete="off"
          placeholder="Aunt, neighbour…"
        />
      </div>
      <div className="col-12 col-md-4">
        <FormField name={`${prefix}.phone`} label="Phone" type="tel" autoComplete="off" />
      </div>
    </div>
  );
}

/*
 * A child's care record: allergies, medications, health, doctor, emergency contacts, who may
 * collect them, and photo consent. `record` is the record as the server answers it (a blank
 * one for a child whose record was never saved), `who` names its person (careWho.js). The form saves
 * the whole record (which confirms it too); its refusals go beside their fields, and the saved
 * record goes to `onSaved`. Rows stack on a narrow screen.
 */
export function CareRecordForm({ participantId, record, who, onSaved }) {
  const save = useSaveCareRecord();
  const required = record.emergencyContactsRequired ?? 0;
  const allowedAlone = Boolean(record.mayLeaveAloneAllowed);
  const schema = useMemo(
    () => careRecordSchema({ emergencyContactsRequired: required }),
    [required],
  );
  const initialValues = useMemo(() => careFormValues(record), [record]);

  async function submit(values, { setErrors, setStatus, resetForm }) {
    setStatus(undefined);
    let saved;
    try {
      saved = await save(participantId, recordOf(values, allowedAlone));
    } catch (saveError) {
      const { errors, formError } = careServerErrors(saveError);
      setErrors(errors);
      setStatus(formError || undefined);
      return;
    }
    resetForm({ values: careFormValues(saved) });
    onSaved?.(saved);
  }

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label={`${who.Whose} care record`}>
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <RowsField
            name="allergies"
            max={MAX_ROWS.allergies}
            legend="Allergies"
            hint="Food, medicine, insects, anything else. Leave empty if none."
            rowName="Allergy"
            blankRow={BLANK_ALLERGY}
            addLabel="Add an allergy"
            renderRow={(prefix, _index, autoFocus) => (
              <div className="row g-2">
                <div className="col-12 col-md-6">
                  <FormField
                    name={`${prefix}.name`}
                    label="Allergic to"
                    autoComplete="off"
                    autoFocus={autoFocus}
                  />
                </div>
                <div className="col-12 col-md-6">
                  <SelectField
                    name={`${prefix}.severity`}
                    label="Severity"
                    emptyLabel="Choose…"
                    options={SEVERITY_OPTIONS}
                  />
                </div>
                <div className="col-12">
                  <FormField
                    name={`${prefix}.action`}
                    label="What to do"
                    as="textarea"
                    rows={2}
                    hint="What the staff should do if they react."
                  />
                </div>
              </div>
            )}
          />
          <RowsField
            name="medications"
            max={MAX_ROWS.medications}
            legend="Medications"
            hint="Leave empty if none."
            rowName="Medication"
            blankRow={BLANK_MEDICATION}
            addLabel="Add a medication"
            renderRow={(prefix, _index, autoFocus) => (
              <>
                <div className="row g-2">
                  <div className="col-12 col-md-4">
                    <FormField
                      name={`${prefix}.name`}
                      label="Medicine"
                      autoComplete="off"
                      autoFocus={autoFocus}
                    />
                  </div>
                  <div className="col-12 col-md-4">
                    <FormField name={`${prefix}.dose`} label="Dose" autoComplete="off" />
                  </div>
                  <div className="col-12 col-md-4">
                    <FormField name={`${prefix}.schedule`} label="When" autoComplete="off" />
                  </div>
                </div>
                <CheckboxField
                  name={`${prefix}.atCamp`}
                  label="Given at camp"
                  hint="Staff give it during class. Instructors see only these medications."
                />
              </>
            )}
          />
          <fieldset className="mb-4">
            <legend className="h5 mb-2">Health</legend>
            <FormField
              name="conditions"
              label="Medical conditions"
              as="textarea"
              rows={3}
              hint="Asthma, epilepsy, anything the staff should know. Leave empty if none."
            />
            <FormField
              name="dietary"
              label="Dietary needs"
              as="textarea"
              rows={2}
              hint="Vegetarian, no pork, anything else. Leave empty if none."
            />
          </fieldset>
          <fieldset className="mb-4">
            <legend className="h5 mb-2">Doctor</legend>
            <div className="row g-2">
              <div className="col-12 col-md-6">
                <FormField name="doctor.name" label="Doctor's name" autoComplete="off" />
              </div>
              <div className="col-12 col-md-6">
                <FormField
                  name="doctor.phone"
                  label="Doctor's phone"
                  type="tel"
                  autoComplete="off"
                />
              </div>
            </div>
          </fieldset>
          <RowsField
            name="emergencyContacts"
            max={MAX_ROWS.emergencyContacts}
            legend="Emergency contacts"
            hint={`People the school calls when it cannot reach you. The school needs at least ${required}.`}
            rowName="Emergency contact"
            blankRow={BLANK_PERSON}
            addLabel="Add an emergency contact"
            keep={required}
            renderRow={(prefix, _index, autoFocus) => (
              <PersonFields prefix={prefix} autoFocus={autoFocus} />
            )}
          />
          <RowsField
            name="pickups"
            max={MAX_ROWS.pickups}
            legend="Who may collect them"
            hint={`The people the staff may hand ${who.name} over to at the end of class${who.name === "you" ? "" : ", besides you"}.`}
            rowName="Pick-up person"
            blankRow={BLANK_PERSON}
            addLabel="Add a person"
            renderRow={(prefix, _index, autoFocus) => (
              <PersonFields prefix={prefix} autoFocus={autoFocus} />
            )}
          />
          {allowedAlone && (
            <CheckboxField
              name="mayLeaveAlone"
              label="May leave on their own"
              hint={`${capitalised(who.name)} may leave at the end of class without being collected.`}
            />
          )}
          <YesNoField
            name="photoConsent"
            legend="Photo consent"
            hint={`May the school take photos of ${who.name} in class?`}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save care record"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
