import { Fragment } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../config/paths";
import { formatPrice } from "../ui/formatPrice";
import { LongText } from "../ui/LongText";
import {
  formatAges,
  formatDateTime,
  formatHours,
  formatLevel,
  formatScheduleSummary,
} from "../ui/schedule";
import { fromPrice, isSoldByUnit } from "./byUnit";
import { ClassStatusBadge } from "./ClassStatusBadge";

const NOT_GIVEN = t`Not given`;

// Seats nobody holds now: the server's `seatsFree` leaves out seats held while someone pays
// and seats offered to the waitlist; a class sent without it counts its `seats`.
export function seatsFree(classItem) {
  return classItem.seatsFree ?? classItem.seats;
}

// The instructor's name, leading to their page when they have one.
function InstructorLink({ classItem }) {
  const name = <LongText text={classItem.instructorName} />;
  if (!classItem.instructorId) return name;
  return <Link to={paths.instructorPage(classItem.instructorId)}>{name}</Link>;
}

/*
 * Every fact a page shows of a class, each defined once: its label and how its value reads
 * (`long`: a name or e-mail of any length, which wraps rather than widen the card).
 * `value` answers null when the class has nothing to say there (a level not given, a schedule
 * still to be announced); `missing: "say"` facts then say "Not given" where the caller asks
 * for it, the others are left out.
 */
const FACTS = {
  // Whose seat or selection it is: the account holder or one of their children.
  participant: { label: t`For`, value: (c) => c.participantName || null, long: true },
  category: { label: t`Category`, value: (c) => c.categoryName || null, missing: "say" },
  level: { label: t`Level`, value: (c) => formatLevel(c.level) || null, missing: "say" },
  ages: { label: t`Ages`, value: (c) => formatAges(c) },
  location: {
    label: t`Location`,
    value: (c) => c.location || null,
    missing: "say",
    className: "text-break",
  },
  // The instructor's own lines (a list, one thing a line) are kept.
  whatToBring: {
    label: t`What to bring`,
    value: (c) =>
      c.whatToBring ? <span style={{ whiteSpace: "pre-line" }}>{c.whatToBring}</span> : null,
    className: "text-break",
  },
  when: { label: t`When`, value: (c) => formatScheduleSummary(c) },
  instructor: { label: t`Instructor`, value: (c) => c.instructorName, long: true },
  instructorLinked: { label: t`Instructor`, value: (c) => <InstructorLink classItem={c} /> },
  instructorEmail: { label: t`Instructor e-mail`, value: (c) => c.instructorEmail, long: true },
  // A class sold by the week or the day: its cheapest unit's, "From $245.00 / week".
  price: {
    label: t`Price`,
    value: (c) => (isSoldByUnit(c) ? fromPrice(c) : formatPrice(c.price)),
  },
  // The seats a family can take now: those left less those held for families paying. Each
  // unit of a class sold by the week or the day has its own, shown where it is booked.
  seatsFree: {
    label: t`Available seats`,
    value: (c) => (isSoldByUnit(c) ? null : seatsFree(c)),
  },
  // The seats left, as the class's own count (the dashboards, which review and run it).
  seats: { label: t`Available seats`, value: (c) => c.seats },
  status: { label: t`Status`, value: (c) => <ClassStatusBadge status={c.status} /> },
  enrolled: { label: t`Enrolled students`, value: (c) => c.enroll },
  totalHours: {
    label: t`Total time`,
    value: (c) => (c.meetings?.length > 0 ? formatHours(c.totalHours) : null),
  },
  registrationCloses: {
    label: t`Registration closes`,
    value: (c) => (c.registrationClosesAt ? formatDateTime(c.registrationClosesAt) : null),
  },
};

// What each place shows of a class, in order.
export const CLASS_FACTS = {
  card: ["ages", "level", "instructorLinked", "seatsFree", "price"],
  page: [
    "ages",
    "level",
    "location",
    "whatToBring",
    "instructorLinked",
    "price",
    "seatsFree",
    "totalHours",
  ],
  review: ["price", "instructor", "instructorEmail", "seats", "status"],
  instructorsPage: ["when", "ages", "price"],
  selected: ["participant", "instructor", "seats", "price"],
  enrolled: ["participant", "when", "instructor", "price"],
  catalog: ["category", "level", "ages", "location", "when", "totalHours", "registrationCloses"],
};

/*
 * A class's facts as a definition list: `facts` names them (CLASS_FACTS has each place's), in
 * the order shown. With `sayMissing`, a fact the class has not given says so instead of being
 * left out, so an instructor sees what a family would miss. `ids` gives a fact's value an id,
 * for a button it describes.
 */
export function ClassFacts({
  classItem,
  facts,
  sayMissing = false,
  ids = {},
  className = "class-facts mb-0",
}) {
  return (
    <dl className={className}>
      {facts.map((name) => {
        const fact = FACTS[name];
        let value = fact.value(classItem);
        if (value === null || value === undefined) {
          if (!(sayMissing && fact.missing === "say")) return null;
          value = NOT_GIVEN;
        }
        return (
          <Fragment key={name}>
            <dt>{fact.label}</dt>
            {fact.long ? (
              <LongText as="dd" id={ids[name]} text={value} />
            ) : (
              <dd id={ids[name]} className={fact.className}>
                {value}
              </dd>
            )}
          </Fragment>
        );
      })}
    </dl>
  );
}
