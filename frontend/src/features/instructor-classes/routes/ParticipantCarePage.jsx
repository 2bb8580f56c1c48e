import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useCareRecord } from "../../../api/care";
import { useRoster } from "../../../api/roster";
import { CareRecord } from "../components/CareRecord";

function Moment({ at }) {
  return <time dateTime={at}>{formatLocalDateTime(at)}</time>;
}

// When the family last confirmed the record, or that the office took it and awaits them.
function confirmation(care) {
  if (care.takenToConfirm) {
    const taken = <Moment key="taken" at={care.takenAt} />;
    return jt`Taken by phone by the school's office, not yet confirmed by the family: ${taken}`;
  }
  if (care.confirmedAt) {
    const confirmed = <Moment key="confirmed" at={care.confirmedAt} />;
    return jt`Last confirmed by the family: ${confirmed}`;
  }
  return t`The family has not filled in this care record yet.`;
}

// Whether the family has filled the record in, confirmed it, and finished it.
function RecordState({ care }) {
  return (
    <>
      {care.complete === false && (
        <p className="alert alert-warning fw-semibold">{t`This care record is incomplete.`}</p>
      )}
      <p className="text-body-secondary">{confirmation(care)}</p>
    </>
  );
}

/*
 * One child's care record, read only, for the instructor of a class the child is enrolled in (from
 * the roster) or an admin: what the server lets this reader see, nothing more. The child's name
 * comes from the class's roster, which the reader has just left and SWR still holds; the record
 * shows without it.
 */
export function ParticipantCarePage() {
  const { classId, participantId } = useParams();
  const { data: care, error } = useCareRecord(participantId, { refusalIsFinal: true });
  const { data: roster } = useRoster(classId);
  const name = roster?.find((row) => String(row.participantId) === participantId)?.participantName;
  const title = name ? t`Care record: ${name}` : t`Care record`;
  useTitle(title);

  let body;
  if (care) {
    body = (
      <>
        <RecordState care={care} />
        <CareRecord care={care} />
      </>
    );
  } else if (error) {
    body = <ErrorAlert title={t`The care record could not be loaded.`} error={error} />;
  } else {
    body = <Loading label={t`Loading the care record…`} />;
  }

  return (
    <section aria-labelledby="participant-care-heading">
      <h1 id="participant-care-heading" className="h2 mb-3">
        {title}
      </h1>
      <p>
        <Link to={paths.dashboard.classRoster(classId)}>{t`Back to the roster`}</Link>
      </p>
      <p className="small text-body-secondary">
        {t`Read only. The family can see who opened their child's record and when.`}
      </p>
      {body}
    </section>
  );
}
