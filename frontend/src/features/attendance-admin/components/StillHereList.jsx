import { jt, t } from "ttag";

import { LongText } from "../../../components/ui/LongText";
import { telHref } from "../../../components/ui/telHref";
import { formatSchoolTime } from "../../../lib/schoolClock";

// Whom to call about a child who has not been collected: each emergency contact's number.
function EmergencyContacts({ child }) {
  if (child.emergencyContacts.length === 0) {
    return <p className="small text-body-secondary mb-0">{t`No emergency contact given`}</p>;
  }
  const childName = child.name;
  return (
    <ul className="list-unstyled small mb-0" aria-label={t`Emergency contacts of ${childName}`}>
      {child.emergencyContacts.map((contact, index) => (
        <li key={`${contact.phone}-${index}`} className="text-break">
          <LongText text={contact.name} />
          {contact.relationship && `, ${contact.relationship}`}:{" "}
          {contact.phone ? (
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          ) : (
            <span className="text-body-secondary">{t`no phone given`}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

// "Pottery, checked in at 9:02 AM".
function CheckedIn({ child }) {
  const className = <LongText key="class" text={child.className} />;
  const time = (
    <time key="time" dateTime={child.checkedInAt}>
      {formatSchoolTime(child.checkedInAt)}
    </time>
  );
  return jt`${className}, checked in at ${time}`;
}

/*
 * The children checked in today and not yet checked out, each with their class, when they
 * arrived and the numbers to call, as a list of small cards that reads the same on a phone.
 */
export function StillHereList({ rows }) {
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t`Children still here`}>
      {rows.map((child) => (
        <li key={`${child.meetingId}-${child.participantId}`} className="card">
          <div className="card-body py-2 px-3">
            <p className="fw-semibold mb-0">
              <LongText text={child.name} />
            </p>
            <p className="small mb-1">
              <CheckedIn child={child} />
            </p>
            <EmergencyContacts child={child} />
          </div>
        </li>
      ))}
    </ul>
  );
}
