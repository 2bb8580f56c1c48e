import { useEffect, useId, useRef, useState } from "react";

import { useCareRecord } from "../../../api/care";
import { useParticipants } from "../../../api/participants";
import { usePolicies } from "../../../api/policies";
import { CareRecordForm } from "../../../components/care/CareRecordForm";
import { ConfirmCareButton } from "../../../components/care/ConfirmCareButton";
import { MissingList } from "../../../components/care/MissingList";
import { PoliciesSignForm } from "../../../components/care/PoliciesSignForm";
import { formatSchoolDay } from "../../../components/care/careDates";
import { careWho, siblingsOf } from "../../../components/care/careWho";
import { RECORD_ITEMS } from "../../../components/care/missingItems";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { missingPolicySlugs } from "./checkout";

// The record to fill in (or to look over before confirming), once it is here.
function RecordPart({ participantId, who, siblings, onRecordChanged }) {
  const { data: record, error } = useCareRecord(participantId);
  if (record) {
    return (
      <CareRecordForm
        participantId={participantId}
        record={record}
        who={who}
        siblings={siblings}
        headingLevel={4}
        onSaved={onRecordChanged}
      />
    );
  }
  if (error) return <ErrorAlert title="The care record could not be loaded." error={error} />;
  return <Loading label="Loading the care record…" />;
}

// "Still correct", with the way to look the record over and change it instead.
function ConfirmPart({ participantId, who, onRecordChanged }) {
  const { data: record } = useCareRecord(participantId);
  const describedId = useId();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <p id={describedId} className="mb-2">
        {record?.confirmedAt
          ? `${who.Whose} care record was last confirmed on ${formatSchoolDay(record.confirmedAt)}. If nothing has changed, press Still correct.`
          : `If nothing has changed in ${who.whose} care record, press Still correct.`}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-start mb-3">
        <ConfirmCareButton
          participantId={participantId}
          describedBy={describedId}
          onConfirmed={onRecordChanged}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-expanded={changing}
          onClick={() => setChanging((open) => !open)}
        >
          {changing ? "Hide the record" : "Look over the record"}
        </button>
      </div>
      {changing && (
        <RecordPart participantId={participantId} who={who} onRecordChanged={onRecordChanged} />
      )}
    </>
  );
}

/*
 * What the school needs before a child's first class, when opening the payment or paying was
 * refused for it (409 `care_incomplete`), done here: the care record filled in, or confirmed
 * as still correct, and every policy due accepted with one signature. `onRecordChanged(record)`
 * hears of a section of the record saved or of the record confirmed, `onPolicyAccepted(slug)` of
 * each policy accepted; `onRetry` asks to open the payment again. `fallbackName` names the child
 * while the family's list loads.
 */
export function CareNeeded({
  participantId,
  missing,
  fallbackName,
  onRecordChanged,
  onPolicyAccepted,
  onRetry,
}) {
  const headingRef = useRef(null);
  const { data: participants } = useParticipants();
  const { data: policies, error: policiesError } = usePolicies();
  const { data: record } = useCareRecord(participantId);
  const participant = participants?.find((person) => person._id === participantId) ?? {
    firstName: (fallbackName ?? "").split(" ")[0],
  };
  const who = careWho(participant);
  const siblings = siblingsOf(participants, participantId);
  const recordDue = missing.some((item) => RECORD_ITEMS.includes(item));
  const confirmationDue = !recordDue && missing.includes("confirmation");
  const slugs = missingPolicySlugs(missing);

  // The payment form gave way to this: the reader starts at its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby="care-needed-heading">
      <h2 id="care-needed-heading" ref={headingRef} tabIndex={-1} className="h5 mb-2">
        Before {who.whose} first class the school needs:
      </h2>
      <MissingList
        missing={missing}
        whose={who.whose}
        policies={policies}
        emergencyContactsRequired={record?.emergencyContactsRequired}
      />
      <p className="mt-2">Once everything is in, the payment opens again.</p>
      {recordDue && (
        <section className="mt-4" aria-labelledby="care-needed-record">
          <h3 id="care-needed-record" className="h5">
            {who.Whose} care record
          </h3>
          <RecordPart
            participantId={participantId}
            who={who}
            siblings={siblings}
            onRecordChanged={onRecordChanged}
          />
        </section>
      )}
      {confirmationDue && (
        <section className="mt-4" aria-labelledby="care-needed-confirm">
          <h3 id="care-needed-confirm" className="h5">
            Is {who.whose} care record still correct?
          </h3>
          <ConfirmPart participantId={participantId} who={who} onRecordChanged={onRecordChanged} />
        </section>
      )}
      {slugs.length > 0 && (
        <div className="mt-4 d-grid gap-3">
          {policiesError && (
            <ErrorAlert title="The school's policies could not be loaded." error={policiesError} />
          )}
          {!policies && !policiesError && <Loading label="Loading the school's policies…" />}
          {policies && (
            <PoliciesSignForm
              policies={policies.filter((policy) => slugs.includes(policy.slug))}
              only={participantId}
              whomOf={() => who.name}
              onAccepted={(accepted) =>
                policies
                  .filter((policy) => accepted.some((one) => one.policyId === policy._id))
                  .forEach((policy) => onPolicyAccepted(policy.slug))
              }
            />
          )}
        </div>
      )}
      <p className="mt-4 mb-0">
        <button type="button" className="btn btn-link p-0" onClick={onRetry}>
          I have done all this: open the payment again
        </button>
      </p>
    </section>
  );
}
