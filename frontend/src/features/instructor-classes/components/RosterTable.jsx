import { PlainText } from "../../../components/ui/PlainText";

const NOT_GIVEN = "Not given";

// A phone number as a tel: address: its digits and a leading +, without spaces or dashes.
function telHref(phone) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

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
      {name && <div>{name}</div>}
      {phone && <a href={telHref(phone)}>{phone}</a>}
    </>
  );
}

// The class's enrolled participants, one row each, in the server's order (by name).
export function RosterTable({ roster }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle">
        <caption className="visually-hidden">Enrolled participants, by name</caption>
        <thead>
          <tr>
            <th scope="col">Participant</th>
            <th scope="col">Age on the first day</th>
            <th scope="col">Notes</th>
            <th scope="col">Family contact</th>
            <th scope="col">Emergency contact</th>
          </tr>
        </thead>
        <tbody>
          {roster.map((row, index) => (
            // An enrolment from before families may name no participant id.
            <tr key={row.participantId ?? `row-${index}`}>
              <th scope="row">{row.participantName}</th>
              <td>{row.age ?? <span className="text-body-secondary">Not known</span>}</td>
              <td>
                <Notes notes={row.notes} />
              </td>
              <td>
                <div>{row.accountName}</div>
                <a href={`mailto:${row.accountEmail}`} className="text-break">
                  {row.accountEmail}
                </a>
              </td>
              <td>
                <EmergencyContact
                  name={row.emergencyContactName}
                  phone={row.emergencyContactPhone}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
