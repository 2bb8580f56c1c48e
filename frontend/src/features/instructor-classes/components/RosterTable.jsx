import { Link } from "react-router-dom";

import { CareFlags } from "../../../components/care/CareFlags";
import { LongText } from "../../../components/ui/LongText";
import { PlainText } from "../../../components/ui/PlainText";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { telHref } from "../../../components/ui/telHref";
import { paths } from "../../../config/paths";

const NOT_GIVEN = "Not given";

/*
 * What the family wrote for the instructor to know before the class meets (allergies,
 * medication, needs): it stands out from the rest of the row, as the family wrote it.
 */
function Notes({ notes }) {
  if (!notes?.trim()) return <span className="text-body-secondary">None</span>;
  return (
    <PlainText
      text={notes}
      className="alert alert-warning fw-semibold text-break mb-0 pt-2 pb-1 px-3"
      paragraphClassName="mb-1"
    />
  );
}

function EmergencyContact({ name, phone }) {
  if (!name && !phone) return <span className="text-body-secondary">{NOT_GIVEN}</span>;
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
    return <span className="text-body-secondary">No care record</span>;
  }
  return (
    <>
      <CareFlags flags={row.careFlags} label={`Care flags for ${row.participantName}`} />
      <Link
        className="d-inline-block mt-2"
        to={paths.dashboard.participantCare(classId, row.participantId)}
      >
        Care record<span className="visually-hidden"> of {row.participantName}</span>
      </Link>
    </>
  );
}

const COLUMNS = [
  "Participant",
  "Care",
  "Age on the first day",
  "Notes",
  "Family contact",
  "Emergency contact",
];

// The class's enrolled participants, one row each, in the server's order (by name).
export function RosterTable({ classId, roster }) {
  return (
    <StackedTable
      caption="Enrolled participants, by name"
      columns={COLUMNS}
      className="table-striped"
    >
      {roster.map((row, index) => (
        // An enrolment from before families may name no participant id.
        <Row key={row.participantId ?? `row-${index}`}>
          <RowHeader label="Participant">
            <LongText text={row.participantName} />
          </RowHeader>
          <Cell label="Care">
            <Care classId={classId} row={row} />
          </Cell>
          <Cell label="Age on the first day">
            {row.age ?? <span className="text-body-secondary">Not known</span>}
          </Cell>
          <Cell label="Notes">
            <Notes notes={row.notes} />
          </Cell>
          <Cell label="Family contact">
            <LongText as="div" text={row.accountName} />
            <a href={`mailto:${row.accountEmail}`}>
              <LongText text={row.accountEmail} />
            </a>
          </Cell>
          <Cell label="Emergency contact">
            <EmergencyContact name={row.emergencyContactName} phone={row.emergencyContactPhone} />
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}
