import { formatCount, formatRate } from "../../../components/ui/formatFigures";
import { formatPrice } from "../../../components/ui/formatPrice";
import { formatTime } from "../../../components/ui/schedule";

// Counts and rates as the back office shows them everywhere.
export { formatCount, formatRate };

// The hour of the day a row counts from: 0 -> "12:00 AM", 13 -> "1:00 PM".
export function formatHour(hour) {
  return formatTime(`${hour}:00`);
}

const FORMATS = { count: formatCount, money: formatPrice, rate: formatRate };

// How a chart's axis and tooltip write a value: "count", "money" or "rate".
export function formatValue(format, value) {
  return (FORMATS[format] ?? formatCount)(value);
}

// A chart's label of a class or category: long names end in "…" there; the table has them whole.
const LONGEST_LABEL = 24;

export function shortName(name) {
  const text = String(name ?? "");
  return text.length > LONGEST_LABEL ? `${text.slice(0, LONGEST_LABEL - 1).trimEnd()}…` : text;
}
