import { Link } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { LongText } from "../../../components/ui/LongText";
import { paths } from "../../../config/paths";
import { formatCount } from "./figures";

// The columns several of the report's tables share, as ReportTable takes them. Each table's
// columns are made as it renders, not as its module loads, so they speak the language set then.

// A class's whole name, leading to its roster, for a row with the class's `classId` and `name`.
export function classColumn() {
  return {
    heading: t`Class`,
    cell: (row) => (
      <Link to={paths.dashboard.classRoster(row.classId)}>
        <LongText text={row.name} />
      </Link>
    ),
  };
}

// The button under a long table of classes that shows them all.
export function showAllClasses(count) {
  return ngettext(msgid`Show all ${count} class`, `Show all ${count} classes`, count);
}

// A row's `field`, a number of things.
export function countColumn(heading, field) {
  return { heading, numeric: true, cell: (row) => formatCount(row[field]) };
}

// A row's `field`, an amount of money.
export function moneyColumn(heading, field) {
  return { heading, numeric: true, cell: (row) => formatPrice(row[field]) };
}
