import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { ageOn, formatAge, formatBirthDate } from "./dates";
import { ParticipantForm } from "./ParticipantForm";
import { Portfolio } from "./Portfolio";
import { participantName } from "./participantName";
import { LongText } from "../../../components/ui/LongText";
import { telHref } from "../../../components/ui/telHref";
import { paths } from "../../../config/paths";

function EmergencyContact({ name, phone }) {
  return (
    <>
      {name}
      {name && phone && ", "}
      {phone && <a href={telHref(phone)}>{phone}</a>}
    </>
  );
}

/*
 * One person of the family: name, date of birth and age today, the notes and emergency contact
 * their instructors read, and the ways to edit them, to their care record, or (a child) to remove
 * them; and their portfolio of artwork. Edit turns the card into the form; when it closes, focus
 * goes back to Edit.
 * onSave(participant, values, helpers) resolves to true once saved.
 */
export function ParticipantCard({ participant, today, busy, onSave, onRemove }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef(null);
  const refocusEdit = useRef(false);
  const name = participantName(participant);
  const holder = participant.isAccountHolder;

  useEffect(() => {
    if (!editing && refocusEdit.current) {
      refocusEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function closeForm() {
    refocusEdit.current = true;
    setEditing(false);
  }

  async function handleSubmit(values, helpers) {
    if (await onSave(participant, values, helpers)) closeForm();
  }

  const { notes, emergencyContactName, emergencyContactPhone } = participant;
  return (
    <article className="card shadow-sm" aria-labelledby={titleId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id={titleId} className="h5 mb-0">
            <LongText text={name} />
          </h2>
          {holder && name !== t`Myself` && (
            <span className="badge text-bg-secondary">{t`Myself`}</span>
          )}
        </div>
        {editing ? (
          <ParticipantForm
            participant={participant}
            label={t`Edit ${name}`}
            submitLabel={t`Save`}
            submittingLabel={t`Saving…`}
            onSubmit={handleSubmit}
            onCancel={closeForm}
            focusFirstField
          />
        ) : (
          <>
            <dl className="class-facts mb-3">
              <dt>{t`Date of birth`}</dt>
              <dd>{formatBirthDate(participant.dateOfBirth)}</dd>
              <dt>{t`Age`}</dt>
              <dd>{formatAge(ageOn(participant.dateOfBirth, today))}</dd>
              {notes && (
                <>
                  <dt>{t`Notes for the instructor`}</dt>
                  <dd className="text-break" style={{ whiteSpace: "pre-line" }}>
                    {notes}
                  </dd>
                </>
              )}
              {(emergencyContactName || emergencyContactPhone) && (
                <>
                  <dt>{t`Emergency contact`}</dt>
                  <dd className="text-break">
                    <EmergencyContact name={emergencyContactName} phone={emergencyContactPhone} />
                  </dd>
                </>
              )}
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <button
                ref={editButton}
                type="button"
                className="btn btn-outline-primary"
                aria-describedby={titleId}
                onClick={() => setEditing(true)}
              >
                {t`Edit`}
              </button>
              <Link
                to={paths.dashboard.careRecord(participant._id)}
                className="btn btn-outline-primary"
                aria-describedby={titleId}
              >
                {t`Care record`}
              </Link>
              {!holder && (
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  aria-describedby={titleId}
                  disabled={busy}
                  onClick={() => onRemove(participant)}
                >
                  {t`Remove`}
                </button>
              )}
            </div>
            <Portfolio
              participant={participant}
              name={participant.firstName || name}
              always={!holder}
            />
          </>
        )}
      </div>
    </article>
  );
}
