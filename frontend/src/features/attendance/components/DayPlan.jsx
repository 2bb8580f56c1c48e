import { formatTime, localParts } from "../../../components/ui/schedule";

const hours = ({ start, end }) =>
  `${formatTime(localParts(start).time)}–${formatTime(localParts(end).time)}`;

const className = ({ className: name, unitLabel }) => (unitLabel ? `${name}, ${unitLabel}` : name);

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
        text: `${careKind === "before" ? "Then" : "From"} ${className(item)} (${hours(item)})`,
        tone: "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle",
      }))
    : line.extendedCare.map((care) => ({
        key: `care-${care.meetingId}`,
        text: `${care.label} ${hours(care)} with ${care.ledBy}`,
        tone: "bg-info-subtle text-info-emphasis border border-info-subtle",
      }));
  if (items.length === 0) return null;
  return (
    <ul className="list-unstyled attendance-day mb-2" aria-label={`${line.name}'s day`}>
      {items.map((item) => (
        <li key={item.key} className={`badge text-wrap text-start ${item.tone}`}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
