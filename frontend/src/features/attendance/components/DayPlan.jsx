import { t } from "ttag";

import { formatTime, localParts } from "../../../components/ui/schedule";

const hours = ({ start, end }) =>
  `${formatTime(localParts(start).time)}–${formatTime(localParts(end).time)}`;

const className = ({ className: name, unitLabel }) => (unitLabel ? `${name}, ${unitLabel}` : name);

// On a day of care, a class of the child's: the one they go to after before-care, or come from
// to after-care.
function classWords(careKind, item) {
  const name = className(item);
  const time = hours(item);
  return careKind === "before" ? t`Then ${name} (${time})` : t`From ${name} (${time})`;
}

// Their before- or after-care and who looks after them there.
function careWords(care) {
  const { label, ledBy } = care;
  const time = hours(care);
  return t`${label} ${time} with ${ledBy}`;
}

/*
 * The rest of a child's day, small under their name: on a class, the before- and after-care they
 * go to and who looks after them ("After-care 3:00 PM–6:00 PM with Sam Okafor"); on a day of care
 * (`careKind` set), the class they come from after it or go to before it. Nothing for a child
 * with neither.
 */
export function DayPlan({ line, careKind }) {
  const items = careKind
    ? line.classesToday.map((item) => ({
        key: `class-${item.meetingId}`,
        text: classWords(careKind, item),
        tone: "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle",
      }))
    : line.extendedCare.map((care) => ({
        key: `care-${care.meetingId}`,
        text: careWords(care),
        tone: "bg-info-subtle text-info-emphasis border border-info-subtle",
      }));
  if (items.length === 0) return null;
  const name = line.name;
  return (
    <ul className="list-unstyled attendance-day mb-2" aria-label={t`${name}'s day`}>
      {items.map((item) => (
        <li key={item.key} className={`badge text-wrap text-start ${item.tone}`}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
