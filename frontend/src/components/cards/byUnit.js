import { t } from "ttag";

import { formatPrice } from "../ui/formatPrice";

/*
 * A class sold by the week or the day (`booking`): a series whose weeks or days (`units`) are
 * booked one by one, each with its own price and seats; the series' own `price` is each unit's.
 */

export function isSoldByUnit(classItem) {
  return classItem?.booking === "weeks" || classItem?.booking === "days";
}

// "week" or "day": what one unit of the class is called.
export function unitWord(classItem) {
  return classItem.booking === "days" ? "day" : "week";
}

// "From $245.00 / week": the cheapest unit's price, or the series' own when its units are not
// sent (the catalog's lists).
export function fromPrice(classItem) {
  const prices = (classItem.units ?? []).map((unit) => Number(unit.price));
  const lowest = prices.length > 0 ? Math.min(...prices) : classItem.price;
  const lowestPrice = formatPrice(lowest);
  return classItem.booking === "days"
    ? t`From ${lowestPrice} / day`
    : t`From ${lowestPrice} / week`;
}

// Every unit sent is full (a list that sends none says nothing of them).
export function everyUnitFull(classItem) {
  const units = classItem.units ?? [];
  return units.length > 0 && units.every((unit) => (unit.seatsFree ?? unit.seats) <= 0);
}
