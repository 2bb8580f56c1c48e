import { Link } from "react-router-dom";

import { formatPrice } from "../../../components/ui/formatPrice";
import { LongText } from "../../../components/ui/LongText";
import { paths } from "../../../config/paths";
import { formatCount } from "./figures";

// The columns several of the report's tables share, as ReportTable takes them.

// A class's whole name, leading to its roster, for a row with the class's `classId` and `name`.
export const classColumn = {
  heading: "Class",
  cell: (row) => (
    <Link to={paths.dashboard.classRoster(row.classId)}>
      <LongText text={row.name} />
    </Link>
  ),
};

// A row's `field`, a number of things.
export function countColumn(heading, field) {
  return { heading, numeric: true, cell: (row) => formatCount(row[field]) };
}

// A row's `field`, an amount of money.
export function moneyColumn(heading, field) {
  return { heading, numeric: true, cell: (row) => formatPrice(row[field]) };
}
