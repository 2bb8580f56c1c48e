import { msgid, ngettext, t } from "ttag";

import { unitWord } from "../../../components/cards/byUnit";
import { formatPrice } from "../../../components/ui/formatPrice";
import { formatTime } from "../../../components/ui/schedule";

// How a week or a day of a class sold by unit, and the season's extended care, read.

// "Book weeks", "Book days".
export function bookingTitle(classItem) {
  return unitWord(classItem) === "day" ? t`Book days` : t`Book weeks`;
}

// "12 seats left", "1 seat left", "Full": what is left of a unit for a family to book now.
export function seatsLeft(unit) {
  const free = unit.seatsFree ?? unit.seats;
  if (free <= 0) return t`Full`;
  return ngettext(msgid`${free} seat left`, `${free} seats left`, free);
}

export function isFull(unit) {
  return (unit.seatsFree ?? unit.seats) <= 0;
}

// "After-care, 3:00 PM–6:00 PM".
export function careLabel(option) {
  return `${option.label}, ${formatTime(option.startTime)}–${formatTime(option.endTime)}`;
}

// "$25.00 a day, $100.00 a whole week".
export function carePrice(option) {
  const dayPrice = formatPrice(option.pricePerDay);
  const perDay = t`${dayPrice} a day`;
  const weekPrice = option.pricePerWeek == null ? null : formatPrice(option.pricePerWeek);
  return weekPrice === null ? perDay : t`${perDay}, ${weekPrice} a whole week`;
}

// Whether an extended care is full on a day of the unit (the unit's `extendedCare` says the
// fewest seats left on its days; an older answer without it is taken as having room).
export function careFull(unit, option) {
  const seats = unit.extendedCare?.find((care) => care.optionId === option.id);
  return seats !== undefined && seats.seatsFree <= 0;
}
