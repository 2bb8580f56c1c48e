import { t } from "ttag";
import * as yup from "yup";

import { unitWord } from "../../../components/cards/byUnit";
import { LOCALE } from "../../../lib/language";
import { extrasSchema, itemExtras, planExtras } from "../../../components/extras/extras";

/*
 * A class sold by the week or the day (`booking`), as the family books it: for each child coming,
 * the units ticked and, on each, the season's before- or after-care. The form's values are
 * {coming: [participantId], booking: {p<participantId>: {units: [unitId], care: {u<unitId>:
 * [optionId]}}}, addOns, answers}, ids as strings (checkbox values), with each child's add-ons
 * and answers as components/extras/extras.js keeps them (an item's key is b<participantId>);
 * `checkoutItems` makes them the checkout's items. What they cost is the server's answer, never
 * added up here.
 */

export function participantKey(participantId) {
  return `p${participantId}`;
}

export function unitKey(unitId) {
  return `u${unitId}`;
}

// Nobody ticked; a family of one is coming already.
export function initialBooking(participants) {
  const booking = {};
  for (const participant of participants) {
    booking[participantKey(participant._id)] = { units: [], care: {} };
  }
  return {
    coming: participants.length === 1 ? [String(participants[0]._id)] : [],
    booking,
    addOns: {},
    answers: {},
  };
}

// A child coming with no unit ticked; `name` is unknown for a child no longer in the family.
function unitsRequired(word, name) {
  if (word === "day") {
    return name ? t`Choose at least one day for ${name}.` : t`Choose at least one day for them.`;
  }
  return name ? t`Choose at least one week for ${name}.` : t`Choose at least one week for them.`;
}

/*
 * The problems that stop a checkout, in the family's words: nobody coming, or someone coming
 * with nothing ticked; and, for each child booked, an add-on or an answer the server would
 * refuse. `names` are the participants' names by id.
 */
export function bookingSchema(classItem, participants, names) {
  const word = unitWord(classItem);
  return yup.lazy((values) =>
    yup.object({
      ...extrasSchema(bookingPlan(classItem, participants, values), values).fields,
      coming: yup.array().min(1, t`Choose who is coming.`),
      booking: yup.object(
        Object.fromEntries(
          (values.coming ?? []).map((id) => [
            participantKey(id),
            yup.object({
              units: yup.array().min(1, unitsRequired(word, names[id])),
            }),
          ]),
        ),
      ),
    }),
  );
}

/*
 * One checkout item for each child coming, in the order of `participants`: the series, the
 * units ticked (in the class's order), each care option with the ticked units it is added to,
 * and (unless `withAnswers` is false, as for a quote) the add-ons and answers.
 */
export function checkoutItems(classItem, participants, values, { withAnswers = true } = {}) {
  const plan = bookingPlan(classItem, participants, values);
  return plan.map((planItem) => ({
    ...planItem.item,
    ...itemExtras(planItem, values, plan, { withAnswers }),
  }));
}

/*
 * Each child booked as an item with the add-ons it offers and the questions it asks (the
 * series' own, which its units share): see components/extras/extras.js.
 */
export function bookingPlan(classItem, participants, values) {
  const names = new Map(participants.map((participant) => [participant._id, participant]));
  const labels = new Map((classItem.units ?? []).map((unit) => [unit.id, unit.label]));
  return planExtras(
    bookedItems(classItem, participants, values).map((item) => {
      const participant = names.get(item.participantId);
      return {
        key: `b${item.participantId}`,
        item,
        participantId: item.participantId,
        participantName: [participant.firstName, participant.lastName].filter(Boolean).join(" "),
        className: classItem.nameClass,
        classItem,
        units: item.units.map((id) => ({ id, label: labels.get(id) })),
      };
    }),
  );
}

function bookedItems(classItem, participants, values) {
  const coming = new Set(values.coming);
  const unitIds = (classItem.units ?? []).map((unit) => unit.id);
  return participants
    .filter((participant) => coming.has(String(participant._id)))
    .map((participant) => {
      const chosen = values.booking[participantKey(participant._id)] ?? { units: [], care: {} };
      const ticked = new Set(chosen.units.map(Number));
      const units = unitIds.filter((id) => ticked.has(id));
      const careUnits = new Map();
      for (const unitId of units) {
        for (const optionId of chosen.care?.[unitKey(unitId)] ?? []) {
          const key = Number(optionId);
          careUnits.set(key, [...(careUnits.get(key) ?? []), unitId]);
        }
      }
      return {
        classId: classItem._id,
        participantId: participant._id,
        units,
        extendedCare: [...careUnits.entries()]
          .sort(([a], [b]) => a - b)
          .map(([optionId, careFor]) => ({ optionId, units: careFor })),
      };
    })
    .filter((item) => item.units.length > 0);
}

// A series' days, a week to a group (Monday to Sunday), so a summer of days reads as its weeks:
// [{ key: "2027-06-28", label: "Week of Jun 28", units: [...] }]. Dates are the school's days,
// read without a time zone so the browser's own cannot move them.
export function unitsByWeek(units) {
  const weeks = new Map();
  for (const unit of units) {
    const [year, month, day] = unit.startsOn.split("-").map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    const key = date.toISOString().slice(0, 10);
    if (!weeks.has(key)) {
      const shown = date.toLocaleDateString(LOCALE, {
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      });
      weeks.set(key, { key, label: t`Week of ${shown}`, units: [] });
    }
    weeks.get(key).units.push(unit);
  }
  return [...weeks.values()];
}
