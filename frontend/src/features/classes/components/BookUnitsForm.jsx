import { Field, Form, Formik, getIn, useFormikContext } from "formik";
import { useId, useMemo } from "react";
import { useSWRConfig } from "swr";
import { t } from "ttag";

import { useCheckoutQuote } from "../../../api/checkoutQuotes";
import { classKey } from "../../../api/classes";
import { useEligibility } from "../../../api/eligibility";
import { seasonOf, useSeasons } from "../../../api/seasons";
import { unitWord } from "../../../components/cards/byUnit";
import { ItemExtras } from "../../../components/extras/ItemExtras";
import AddOnsIncluded from "../../../components/extras/AddOnsIncluded";
import { extrasServerErrors } from "../../../components/extras/extras";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { formatPrice } from "../../../components/ui/formatPrice";
import { useCheckOutTogether } from "../../../hooks/useCheckOutTogether";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import {
  bookingPlan,
  bookingSchema,
  checkoutItems,
  initialBooking,
  participantKey,
  unitKey,
  unitsByWeek,
} from "./bookUnits";
import { participantLabel } from "./selectRules";
import { UnitFacts } from "./UnitFacts";
import { careFull, careLabel, carePrice, isFull } from "./unitFacts";

// The running total is asked once the ticking pauses this long.
const QUOTE_AFTER_MS = 300;

// The heading of one child's units: named for them in a family, else for the unit's word.
function unitsLegend(classItem, name) {
  const days = unitWord(classItem) === "day";
  if (name) return days ? t`Days for ${name}` : t`Weeks for ${name}`;
  return days ? t`Days to book` : t`Weeks to book`;
}

/*
 * A unit for one child: its checkbox (off when it is full or the server says the child cannot
 * take it, with the reason beside it) and, once ticked, the season's extended care to add to it.
 */
function UnitChoice({ unit, participant, refusal, careOptions }) {
  const { values } = useFormikContext();
  const idBase = useId();
  const key = participantKey(participant._id);
  const ticked = getIn(values, `booking.${key}.units`)?.includes(String(unit.id));
  const off = isFull(unit) || Boolean(refusal);
  const careLegendId = `${idBase}-care`;
  return (
    <li>
      <div className="form-check">
        <Field
          type="checkbox"
          id={`${idBase}-unit`}
          className="form-check-input"
          name={`booking.${key}.units`}
          value={String(unit.id)}
          disabled={off && !ticked}
          aria-describedby={`${idBase}-facts`}
        />
        <label className="form-check-label fw-semibold" htmlFor={`${idBase}-unit`}>
          {unit.label}
        </label>
        <UnitFacts id={`${idBase}-facts`} unit={unit} refusal={refusal} />
      </div>
      {ticked && careOptions.length > 0 && (
        <fieldset className="ms-4 mt-1" aria-labelledby={careLegendId}>
          <legend id={careLegendId} className="visually-hidden">
            {t`Extended care, ${unit.label}`}
          </legend>
          {careOptions.map((option) => {
            const optionId = `${idBase}-care-${option.id}`;
            const name = `booking.${key}.care.${unitKey(unit.id)}`;
            const chosen = getIn(values, name)?.includes(String(option.id));
            const full = careFull(unit, option);
            const price = carePrice(option);
            return (
              <div className="form-check" key={option.id}>
                <Field
                  type="checkbox"
                  id={optionId}
                  className="form-check-input"
                  name={name}
                  value={String(option.id)}
                  disabled={full && !chosen}
                  aria-describedby={`${optionId}-price`}
                />
                <label className="form-check-label" htmlFor={optionId}>
                  {careLabel(option)}
                </label>
                <div id={`${optionId}-price`} className="small text-body-secondary">
                  {full ? t`${price} · Full on a day of it` : price}
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
    </li>
  );
}

// A group's message once the form has been sent, tied to the group it is about.
function GroupError({ id, name }) {
  const { errors, submitCount } = useFormikContext();
  const error = getIn(errors, name);
  if (submitCount === 0 || typeof error !== "string") return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  );
}

// One child's units, in a group named for them (for a family of one, for the unit's word).
function ParticipantUnits({ classItem, participant, legend, refusalsOf, careOptions }) {
  const idBase = useId();
  const { errors, submitCount } = useFormikContext();
  const name = `booking.${participantKey(participant._id)}.units`;
  const invalid = submitCount > 0 && Boolean(getIn(errors, name));
  const units = classItem.units ?? [];
  // A series sold by the day lists a summer of days: each week's under its own heading.
  const groups =
    classItem.booking === "days" ? unitsByWeek(units) : [{ key: "all", label: "", units }];
  return (
    <fieldset
      className="mb-3"
      data-field={name}
      aria-describedby={invalid ? `${idBase}-error` : undefined}
    >
      <legend className="fs-6 fw-semibold mb-2">{legend}</legend>
      {groups.map((group) => (
        <div key={group.key} role={group.label ? "group" : undefined} aria-label={group.label}>
          {group.label && (
            <p className="small fw-semibold text-body-secondary mb-1" aria-hidden="true">
              {group.label}
            </p>
          )}
          <ul className="list-unstyled d-grid gap-2 mb-2">
            {group.units.map((unit) => (
              <UnitChoice
                key={unit.id}
                unit={unit}
                participant={participant}
                refusal={refusalsOf(unit.id, participant._id)}
                careOptions={careOptions}
              />
            ))}
          </ul>
        </div>
      ))}
      <GroupError id={`${idBase}-error`} name={name} />
    </fieldset>
  );
}

/*
 * What the units ticked cost together, with their add-ons, as the checkout prices them (the
 * server's answer); the answers are not the quote's business.
 */
function RunningTotal({ classItem, participants }) {
  const { values } = useFormikContext();
  // As text, so the same items asked again (a new list at each render) are the same value.
  const items = JSON.stringify(
    checkoutItems(classItem, participants, values, { withAnswers: false }),
  );
  const settled = useDebouncedValue(items, QUOTE_AFTER_MS);
  const { data: quote } = useCheckoutQuote(useMemo(() => JSON.parse(settled), [settled]));
  const booked = items !== "[]";
  const shown = booked && quote;
  const total = quote ? formatPrice(quote.total) : null;
  return (
    <div className="mb-3" aria-live="polite">
      {shown ? (
        <>
          <p className="fs-5 fw-semibold mb-0">
            {t`Total: ${total}`}
            <span className="d-block fs-6 fw-normal text-body-secondary">
              {t`with the season's discounts, before a promo code or account credit`}
            </span>
          </p>
          <AddOnsIncluded quote={quote} />
        </>
      ) : (
        !booked && (
          <p className="text-body-secondary mb-0">
            {unitWord(classItem) === "day"
              ? t`Tick the days to book to see the total.`
              : t`Tick the weeks to book to see the total.`}
          </p>
        )
      )}
    </div>
  );
}

// Each child booked: the series' add-ons (lunch on each day booked) and the school's questions.
function BookingExtras({ classItem, participants }) {
  const { values } = useFormikContext();
  const plan = useMemo(
    () => bookingPlan(classItem, participants, values),
    [classItem, participants, values],
  );
  return plan.map((planItem) => <ItemExtras key={planItem.key} planItem={planItem} plan={plan} />);
}

/*
 * "Who is coming?": each of the family, off (with the reason) when the server says they can
 * take none of the units.
 */
function WhoIsComing({ participants, refusalOfAll }) {
  const idBase = useId();
  const { errors, submitCount } = useFormikContext();
  const invalid = submitCount > 0 && Boolean(errors.coming);
  return (
    <fieldset
      className="mb-3"
      data-field="coming"
      aria-describedby={invalid ? `${idBase}-error` : undefined}
    >
      <legend className="fs-6 fw-semibold mb-2">{t`Who is coming?`}</legend>
      {participants.map((participant) => {
        const id = `${idBase}-${participant._id}`;
        const refusal = refusalOfAll(participant._id);
        return (
          <div className="form-check" key={participant._id}>
            <Field
              type="checkbox"
              id={id}
              className="form-check-input"
              name="coming"
              value={String(participant._id)}
              disabled={Boolean(refusal)}
              aria-describedby={refusal ? `${id}-reason` : undefined}
            />
            <label className="form-check-label" htmlFor={id}>
              {participantLabel(participant)}
            </label>
            {refusal && (
              <div id={`${id}-reason`} className="small text-body-secondary">
                {refusal}
              </div>
            )}
          </div>
        );
      })}
      <GroupError id={`${idBase}-error`} name="coming" />
    </fieldset>
  );
}

/*
 * The family's booking of a class sold by the week or the day (BookUnitsPanel): who is coming,
 * each one's units and care, the running total, and Check out. A chunk of its own, with the form
 * libraries, loaded for a signed-in family only.
 */
export function BookUnitsForm({ classItem, participants }) {
  const { checkOutTogether } = useCheckOutTogether();
  const { mutate } = useSWRConfig();
  const unitIds = useMemo(() => (classItem.units ?? []).map((unit) => unit.id), [classItem]);
  const { eligibilityByClass } = useEligibility(unitIds);
  const { seasons } = useSeasons(classItem.seasonId != null);
  const careOptions = seasonOf(seasons, classItem)?.extendedCare ?? [];
  const names = Object.fromEntries(
    participants.map((participant) => [String(participant._id), participantLabel(participant)]),
  );
  const family = participants.length > 1;

  // The server's reason a child cannot take a unit (a full unit says Full by itself).
  function refusalsOf(unitId, participantId) {
    const chance = eligibilityByClass?.[unitId]?.find((row) => row.participantId === participantId);
    if (!chance || chance.eligible || chance.kind === "full") return null;
    return chance.reason;
  }

  // Why a child can take none of the units, when that is so: the first unit's reason.
  function refusalOfAll(participantId) {
    if (!eligibilityByClass || unitIds.length === 0) return null;
    const refusals = unitIds.map(
      (unitId) =>
        refusalsOf(unitId, participantId) ??
        (isFull((classItem.units ?? []).find((unit) => unit.id === unitId)) ? t`Full` : null),
    );
    return refusals.every(Boolean) ? refusals[0] : null;
  }

  // A refused answer or add-on is shown beside its field; any other refusal is said at the top.
  async function onSubmit(values, { setErrors, setStatus }) {
    setStatus(null);
    const refusal = await checkOutTogether(checkoutItems(classItem, participants, values));
    if (!refusal) return;
    const plan = bookingPlan(classItem, participants, values);
    const { errors, rest } = extrasServerErrors(refusal, plan);
    // An option sold out as the seat was held: what each has left is asked again.
    if (refusal.body?.code === "add_on_sold_out") mutate(classKey(classItem._id));
    setErrors(errors);
    if (rest.length > 0) setStatus(rest.join(" "));
    else if (Object.keys(errors).length === 0) {
      setStatus(refusal.message || t`Something went wrong. Please try again.`);
    }
  }

  return (
    <Formik
      initialValues={initialBooking(participants)}
      validationSchema={bookingSchema(classItem, participants, names)}
      validateOnBlur={false}
      onSubmit={onSubmit}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-busy={isSubmitting}>
          <FormErrorSummary />
          {family && <WhoIsComing participants={participants} refusalOfAll={refusalOfAll} />}
          {participants
            .filter((participant) => values.coming.includes(String(participant._id)))
            .map((participant) => (
              <ParticipantUnits
                key={participant._id}
                classItem={classItem}
                participant={participant}
                legend={unitsLegend(classItem, family ? names[participant._id] : null)}
                refusalsOf={refusalsOf}
                careOptions={careOptions}
              />
            ))}
          <BookingExtras classItem={classItem} participants={participants} />
          <RunningTotal classItem={classItem} participants={participants} />
          <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
            {isSubmitting && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t`Check out`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
