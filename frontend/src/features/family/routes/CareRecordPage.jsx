import { useId } from "react";
import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { useCareRecord } from "../../../api/care";
import { useParticipants } from "../../../api/participants";
import { usePolicies } from "../../../api/policies";
import { CareRecordForm } from "../../../components/care/CareRecordForm";
import { ConfirmCareButton } from "../../../components/care/ConfirmCareButton";
import { MissingList } from "../../../components/care/MissingList";
import { PoliciesSignForm } from "../../../components/care/PoliciesSignForm";
import { formatSchoolDay } from "../../../components/care/careDates";
import { careWho, siblingsOf } from "../../../components/care/careWho";
import { isPolicyItem } from "../../../components/care/missingItems";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useNotify } from "../../../lib/notices";
import { CareAccessLog, CareHistory } from "../components/CareHistory";
import { Disclosure } from "../components/Disclosure";
import { DocumentsSection } from "../components/DocumentsSection";
import { IncidentsSection } from "../components/IncidentsSection";
import { MedicationLog } from "../components/MedicationLog";
import { participantName } from "../components/participantName";

// Where the record stands: complete, or what the school still needs; and "Still correct".
function CareStatus({ participantId, record, who, policies, onConfirmed }) {
  const confirmId = useId();
  // Saved by the family, or taken by phone by the school's office.
  const saved = record.confirmedAt !== null || Boolean(record.takenAt);
  const policyDue = record.missing.some(isPolicyItem);
  const takenOn = record.takenAt && formatSchoolDay(record.takenAt);
  const confirmedOn = record.confirmedAt && formatSchoolDay(record.confirmedAt);
  const familyLink = (
    <Link key="family" to={`${paths.dashboard.family}#school-policies`}>
      {t`My Family`}
    </Link>
  );
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${confirmId}-title`}>
      <div className="card-body">
        <h2 id={`${confirmId}-title`} className="visually-hidden">
          {t`Where the record stands`}
        </h2>
        {record.complete ? (
          <p className="fw-semibold text-success-emphasis mb-0">
            {t`${who.Whose} care record is complete.`}
          </p>
        ) : (
          <>
            <p className="fw-semibold mb-1">
              {t`Before ${who.whose} first class the school needs:`}
            </p>
            <MissingList
              missing={record.missing}
              whose={who.whose}
              policies={policies}
              emergencyContactsRequired={record.emergencyContactsRequired}
            />
            {policyDue && (
              <p className="mt-2 mb-0">
                {jt`The school's policies can be read on ${familyLink}, and accepted there or below.`}
              </p>
            )}
          </>
        )}
        {record.takenToConfirm && (
          <div className="mt-3">
            <p id={confirmId} className="alert alert-warning mb-2">
              {t`The school's office took this record by phone on ${takenOn}. Please check it below and confirm it: correct and save what is wrong, or press Still correct.`}
            </p>
            <ConfirmCareButton
              participantId={participantId}
              describedBy={confirmId}
              onConfirmed={onConfirmed}
            />
          </div>
        )}
        {saved && !record.takenToConfirm && (
          <div className="mt-3">
            <p id={confirmId} className="mb-2">
              {record.needsConfirmation
                ? t`Last confirmed on ${confirmedOn}, a while ago. Read it through below: if nothing has changed, press Still correct.`
                : t`Last confirmed on ${confirmedOn}.`}
            </p>
            <ConfirmCareButton
              participantId={participantId}
              describedBy={confirmId}
              primary={record.needsConfirmation}
              onConfirmed={onConfirmed}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/*
 * /dashboard/family/:participantId/care: one person's care record, which their instructors and
 * the school's office read to look after them: where it stands (and "Still correct"), the form,
 * its changes, and who at the school read it.
 */
export function CareRecordPage() {
  const { participantId } = useParams();
  const { data: participants, error: participantsError } = useParticipants();
  const { data: record, error } = useCareRecord(participantId);
  // Only for the policies' titles: without them the page names a policy by its slug.
  const { data: policies } = usePolicies();
  const notify = useNotify();
  const participant = participants?.find((person) => String(person._id) === participantId);
  const fullName = participant ? participantName(participant) : "";
  const who = careWho(participant);
  const title = fullName ? t`Care record: ${fullName}` : t`Care record`;
  useTitle(title);

  let content;
  if (record && participants) {
    content = (
      <>
        <CareStatus
          participantId={participantId}
          record={record}
          who={who}
          policies={policies}
          onConfirmed={() => notify(t`Thank you: ${who.whose} care record is confirmed`)}
        />
        <section className="card shadow-sm" aria-labelledby="care-form-heading">
          <div className="card-body p-3 p-sm-4">
            <h2 id="care-form-heading" className="h4 mb-3">
              {t`The record`}
            </h2>
            <CareRecordForm
              participantId={participantId}
              record={record}
              who={who}
              siblings={siblingsOf(participants, participantId)}
              onSaved={(_saved, section) => {
                const part = section.title.toLowerCase();
                notify(t`${who.Whose} care record: ${part} saved`);
              }}
            />
          </div>
        </section>
        {policies && record.missing.some(isPolicyItem) && (
          <section className="mt-4" aria-labelledby="care-policies-heading">
            <h2 id="care-policies-heading" className="h4 mb-3">
              {t`The school's policies`}
            </h2>
            <PoliciesSignForm
              policies={policies}
              only={participant?._id}
              whomOf={() => who.name}
              onAccepted={() => notify(t`Thank you: the policies are accepted`)}
            />
          </section>
        )}
        <DocumentsSection participantId={participantId} who={who} />
        <IncidentsSection participantId={participantId} who={who} />
        <Disclosure title={t`Medication given`}>
          <MedicationLog participantId={participantId} who={who} />
        </Disclosure>
        <Disclosure title={t`Changes`}>
          <CareHistory participantId={participantId} />
        </Disclosure>
        <Disclosure title={t`Who read this record`}>
          <CareAccessLog participantId={participantId} />
        </Disclosure>
      </>
    );
  } else if (error || participantsError) {
    content = (
      <ErrorAlert
        title={t`The care record could not be loaded.`}
        error={error || participantsError}
      />
    );
  } else {
    content = <Loading label={t`Loading the care record…`} />;
  }

  return (
    <section aria-labelledby="care-heading">
      <p className="mb-2">
        <Link to={paths.dashboard.family}>{t`Back to My Family`}</Link>
      </p>
      <h1 id="care-heading" className="h2 mb-2">
        {title}
      </h1>
      <p className="text-body-secondary mb-4">
        {t`What the staff need to look after ${who.name} in class. The instructors read what they need of it and the school's office reads all of it; each time a member of staff opens it, it is listed under Who read this record.`}
      </p>
      {content}
    </section>
  );
}
