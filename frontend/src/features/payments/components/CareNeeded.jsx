import { useEffect, useId, useRef, useState } from "react";
import { t } from "ttag";

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
  if (error) return <ErrorAlert title={t`The care record could not be loaded.`} error={error} />;
  return <Loading label={t`Loading the care record…`} />;
}

/*
 * The sentences that name whose care record it is, each whole for each kind of person (the
 * account holder, a child not yet named, a child by first name), as each language words it.
 */
function careSentences(participant, name) {
  if (participant?.isAccountHolder) {
    return {
      needs: t`Before your first class the school needs:`,
      record: t`Your care record`,
      stillCorrect: t`Is your care record still correct?`,
      confirmedOn: (day) =>
        t`Your care record was last confirmed on ${day}. If nothing has changed, press Still correct.`,
      ifNothingChanged: t`If nothing has changed in your care record, press Still correct.`,
    };
  }
  if (name === undefined) {
    return {
      needs: t`Before your child's first class the school needs:`,
      record: t`Your child's care record`,
      stillCorrect: t`Is your child's care record still correct?`,
      confirmedOn: (day) =>
        t`Your child's care record was last confirmed on ${day}. If nothing has changed, press Still correct.`,
      ifNothingChanged: t`If nothing has changed in your child's care record, press Still correct.`,
    };
  }
  return {
    needs: t`Before ${name}'s first class the school needs:`,
    record: t`${name}'s care record`,
    stillCorrect: t`Is ${name}'s care record still correct?`,
    confirmedOn: (day) =>
      t`${name}'s care record was last confirmed on ${day}. If nothing has changed, press Still correct.`,
    ifNothingChanged: t`If nothing has changed in ${name}'s care record, press Still correct.`,
  };
}

// "Still correct", with the way to look the record over and change it instead.
function ConfirmPart({ participantId, who, sentences, onRecordChanged }) {
  const { data: record } = useCareRecord(participantId);
  const describedId = useId();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <p id={describedId} className="mb-2">
        {record?.confirmedAt
          ? sentences.confirmedOn(formatSchoolDay(record.confirmedAt))
          : sentences.ifNothingChanged}
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
          {changing ? t`Hide the record` : t`Look over the record`}
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
  const firstName =
    (participant.firstName ?? "").trim() || (participant.lastName ?? "").trim() || undefined;
  const sentences = careSentences(participant, firstName);
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
        {sentences.needs}
      </h2>
      <MissingList
        missing={missing}
        whose={who.whose}
        policies={policies}
        emergencyContactsRequired={record?.emergencyContactsRequired}
      />
      <p className="mt-2">{t`Once everything is in, the payment opens again.`}</p>
      {recordDue && (
        <section className="mt-4" aria-labelledby="care-needed-record">
          <h3 id="care-needed-record" className="h5">
            {sentences.record}
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
            {sentences.stillCorrect}
          </h3>
          <ConfirmPart
            participantId={participantId}
            who={who}
            sentences={sentences}
            onRecordChanged={onRecordChanged}
          />
        </section>
      )}
      {slugs.length > 0 && (
        <div className="mt-4 d-grid gap-3">
          {policiesError && (
            <ErrorAlert
              title={t`The school's policies could not be loaded.`}
              error={policiesError}
            />
          )}
          {!policies && !policiesError && <Loading label={t`Loading the school's policies…`} />}
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
          {t`I have done all this: open the payment again`}
        </button>
      </p>
    </section>
  );
}
