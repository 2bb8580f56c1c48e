import { Link } from "react-router-dom";
import { jt, t } from "ttag";

import { CareFlags } from "../../../components/care/CareFlags";
import { LongText } from "../../../components/ui/LongText";
import { PlainText } from "../../../components/ui/PlainText";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { telHref } from "../../../components/ui/telHref";
import { paths } from "../../../config/paths";

/*
 * What the family wrote for the instructor to know before the class meets (allergies,
 * medication, needs): it stands out from the rest of the row, as the family wrote it.
 */
function Notes({ notes }) {
  if (!notes?.trim()) return <span className="text-body-secondary">{t`None`}</span>;
  return (
    <PlainText
      text={notes}
      className="alert alert-warning fw-semibold text-break mb-0 pt-2 pb-1 px-3"
      paragraphClassName="mb-1"
    />
  );
}

function EmergencyContact({ name, phone }) {
  if (!name && !phone) return <span className="text-body-secondary">{t`Not given`}</span>;
  return (
    <>
      {name && <LongText as="div" text={name} />}
      {phone && <a href={telHref(phone)}>{phone}</a>}
    </>
  );
}

/*
 * What the care record says at a glance, and the way to the record itself. An enrolment from
 * before families names no participant, so it has no record to open.
 */
function Care({ classId, row }) {
  if (!row.careFlags || row.participantId == null) {
    return <span className="text-body-secondary">{t`No care record`}</span>;
  }
  const child = row.participantName;
  // The link's words are seen; the child's name is heard only, to tell the rows' links apart.
  const ofChild = (
    <span key="child" className="visually-hidden">
      {t`of ${child}`}
    </span>
  );
  return (
    <>
      <CareFlags flags={row.careFlags} label={t`Care flags for ${child}`} />
      <Link
        className="d-inline-block mt-2"
        to={paths.dashboard.participantCare(classId, row.participantId)}
      >
        {jt`Care record ${ofChild}`}
      </Link>
    </>
  );
}

// The class's enrolled participants, one row each, in the server's order (by name).
export function RosterTable({ classId, roster }) {
  const heads = {
    participant: t`Participant`,
    care: t`Care`,
    age: t`Age on the first day`,
    notes: t`Notes`,
    familyContact: t`Family contact`,
    emergencyContact: t`Emergency contact`,
  };
  return (
    <StackedTable
      caption={t`Enrolled participants, by name`}
      columns={Object.values(heads)}
      className="table-striped"
    >
      {roster.map((row, index) => (
        // An enrolment from before families may name no participant id.
        <Row key={row.participantId ?? `row-${index}`}>
          <RowHeader label={heads.participant}>
            <LongText text={row.participantName} />
          </RowHeader>
          <Cell label={heads.care}>
            <Care classId={classId} row={row} />
          </Cell>
          <Cell label={heads.age}>
            {row.age ?? <span className="text-body-secondary">{t`Not known`}</span>}
          </Cell>
          <Cell label={heads.notes}>
            <Notes notes={row.notes} />
          </Cell>
          <Cell label={heads.familyContact}>
            <LongText as="div" text={row.accountName} />
            <a href={`mailto:${row.accountEmail}`}>
              <LongText text={row.accountEmail} />
            </a>
          </Cell>
          <Cell label={heads.emergencyContact}>
            <EmergencyContact name={row.emergencyContactName} phone={row.emergencyContactPhone} />
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}
