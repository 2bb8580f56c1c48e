import { getIn, useFormikContext } from "formik";
import { Fragment, useId } from "react";
import { jt, t } from "ttag";

import { formatPrice } from "../ui/formatPrice";
import { addOnPath, answerPath, childKey, shownQuestions } from "./extras";
import { ExtraError, QuestionField, describedBy, useExtraField } from "./QuestionField";

// "M · 3 left", "L · Sold out", or the size alone when there is no limit.
function optionLabel(option) {
  if (option.left === null || option.left === undefined) return option.label;
  return option.left > 0 ? t`${option.label} · ${option.left} left` : t`${option.label} · Sold out`;
}

function addOnPrice(addOn) {
  const price = formatPrice(addOn.price);
  return addOn.perDay ? t`${price} a day` : price;
}

// The add-on's option (a T-shirt's size): one with none left is off.
function OptionSelect({ addOn, name, label }) {
  const field = useExtraField(name);
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={field.id}>
        {label}
      </label>
      <select
        id={field.id}
        name={name}
        className={`form-select${field.invalid ? " is-invalid" : ""}`}
        value={field.value ?? ""}
        aria-invalid={field.invalid || undefined}
        aria-required="true"
        aria-describedby={describedBy(field.error && `${field.id}-error`)}
        onChange={(event) => field.setValue(event.target.value)}
        onBlur={field.touch}
      >
        <option value="">{t`Choose…`}</option>
        {addOn.options.map((option) => (
          <option key={option.id} value={String(option.id)} disabled={option.left === 0}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      <ExtraError id={`${field.id}-error`} error={field.error} />
    </div>
  );
}

function QuantityInput({ addOn, name }) {
  const field = useExtraField(name);
  const hintId = `${field.id}-hint`;
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={field.id}>
        {t`How many ${addOn.label}?`}
      </label>
      <input
        id={field.id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={addOn.maxQuantity}
        className={`form-control w-auto${field.invalid ? " is-invalid" : ""}`}
        value={field.value ?? "1"}
        aria-invalid={field.invalid || undefined}
        aria-describedby={describedBy(hintId, field.error && `${field.id}-error`)}
        onChange={(event) => field.setValue(event.target.value)}
        onBlur={field.touch}
      />
      <div id={hintId} className="form-text">
        {t`Up to ${addOn.maxQuantity}.`}
      </div>
      <ExtraError id={`${field.id}-error`} error={field.error} />
    </div>
  );
}

// What is chosen with an add-on bought: its option and how many.
function AddOnDetails({ addOn, path }) {
  return (
    <div className="ms-4">
      {addOn.options?.length > 0 && (
        <OptionSelect addOn={addOn} name={`${path}.optionId`} label={t`${addOn.label}: option`} />
      )}
      {addOn.maxQuantity > 1 && <QuantityInput addOn={addOn} name={`${path}.quantity`} />}
    </div>
  );
}

// A per-day add-on of a series (lunch): a checkbox for each day booked.
function DaysAddOn({ addOn, path, units }) {
  const field = useExtraField(`${path}.units`);
  const chosen = field.value ?? [];
  const legendId = `${field.id}-legend`;
  const price = addOnPrice(addOn);
  return (
    <fieldset
      className="mb-2"
      aria-labelledby={legendId}
      aria-describedby={describedBy(`${field.id}-price`, field.error && `${field.id}-error`)}
    >
      <legend id={legendId} className="fs-6 mb-1">
        {addOn.label}
      </legend>
      <div id={`${field.id}-price`} className="small text-body-secondary mb-1">
        {t`${price}, on the days you tick`}
      </div>
      {units.map((unit) => {
        const inputId = `${field.id}-${unit.id}`;
        const value = String(unit.id);
        return (
          <div className="form-check" key={unit.id}>
            <input
              id={inputId}
              type="checkbox"
              className="form-check-input"
              name={`${path}.units`}
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) =>
                field.setValue(
                  event.target.checked
                    ? [...chosen, value]
                    : chosen.filter((other) => other !== value),
                )
              }
            />
            <label className="form-check-label" htmlFor={inputId}>
              {unit.label}
            </label>
          </div>
        );
      })}
      <ExtraError id={`${field.id}-error`} error={field.error} />
      {chosen.length > 0 && <AddOnDetails addOn={addOn} path={path} />}
    </fieldset>
  );
}

/*
 * One add-on of an item: a required one is included, with its price and no control (but its
 * size, if it has sizes); an optional one a checkbox, then its size and how many; one sold by
 * the day, on a class booked by the day, a checkbox for each day.
 */
function AddOnField({ addOn, planItem }) {
  const path = addOnPath(planItem.key, addOn.id);
  const field = useExtraField(`${path}.on`);
  const priceId = `${field.id}-price`;
  const price = addOnPrice(addOn);
  if (addOn.required) {
    return (
      <div className="mb-2">
        <p className="mb-1">
          <span className="fw-semibold">{addOn.label}</span>{" "}
          <span className="text-body-secondary">
            {price}
            {addOn.perDay && planItem.units?.length > 0
              ? ` · ${t`Included on each day`}`
              : ` · ${t`Included`}`}
          </span>
        </p>
        {addOn.options?.length > 0 && <AddOnDetails addOn={addOn} path={path} />}
      </div>
    );
  }
  if (addOn.perDay && planItem.units?.length > 0) {
    return <DaysAddOn addOn={addOn} path={path} units={planItem.units} />;
  }
  return (
    <div className="mb-2">
      <div className="form-check">
        <input
          id={field.id}
          type="checkbox"
          className={`form-check-input${field.invalid ? " is-invalid" : ""}`}
          name={`${path}.on`}
          checked={Boolean(field.value)}
          aria-invalid={field.invalid || undefined}
          aria-describedby={describedBy(priceId, field.error && `${field.id}-error`)}
          onChange={(event) => field.setValue(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={field.id}>
          {addOn.label}
        </label>
        <div id={priceId} className="small text-body-secondary">
          {addOn.maxQuantity > 1 ? t`${price} each` : price}
        </div>
        <ExtraError id={`${field.id}-error`} error={field.error} />
      </div>
      {field.value && <AddOnDetails addOn={addOn} path={path} />}
    </div>
  );
}

/*
 * The add-ons and questions of one checkout item (`planItem`, from planExtras), under a heading
 * naming the class and the child; nothing when it has neither. `plan` is every item's, for a
 * follow-up of a question asked on another of the child's items.
 */
export function ItemExtras({ planItem, plan, headingLevel = 3 }) {
  const idBase = useId();
  const { values } = useFormikContext();
  if (planItem.addOns.length === 0 && planItem.questions.length === 0) return null;
  const given = getIn(values, `answers.${childKey(planItem.participantId)}`) ?? {};
  const childsQuestions = plan
    .filter((item) => item.participantId === planItem.participantId)
    .flatMap((item) => item.questions);
  const shown = new Set(shownQuestions(childsQuestions, given).map((question) => question.id));
  const Heading = `h${headingLevel}`;
  const star = (
    <Fragment key="star">
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">{t`with a star`}</span>
    </Fragment>
  );
  const title = planItem.participantName
    ? t`${planItem.className} for ${planItem.participantName}`
    : planItem.className;
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby={`${idBase}-title`}>
      <Heading id={`${idBase}-title`} className="h6 text-break">
        {title}
      </Heading>
      {planItem.addOns.length > 0 && (
        <fieldset className="mb-2">
          <legend className="fs-6 fw-semibold">{t`Add-ons`}</legend>
          {planItem.addOns.map((addOn) => (
            <AddOnField key={addOn.id} addOn={addOn} planItem={planItem} />
          ))}
        </fieldset>
      )}
      {planItem.questions.some((question) => shown.has(question.id)) && (
        <fieldset>
          <legend className="fs-6 fw-semibold">{t`Questions from the school`}</legend>
          {planItem.questions.some((question) => question.required) && (
            <p className="small text-body-secondary">
              {jt`Questions marked ${star} need an answer.`}
            </p>
          )}
          {planItem.questions
            .filter((question) => shown.has(question.id))
            .map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                name={answerPath(planItem.participantId, question.id)}
              />
            ))}
        </fieldset>
      )}
    </section>
  );
}
