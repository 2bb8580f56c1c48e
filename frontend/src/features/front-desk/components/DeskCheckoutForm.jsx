import { Field, Form, Formik, useFormikContext } from "formik";
import { useId, useMemo, useRef } from "react";
import { t } from "ttag";
import * as yup from "yup";

import { useClassesForCheckout } from "../../../api/classExtras";
import { openDeskCheckout } from "../../../api/frontDesk";
import { isSoldByUnit, unitWord } from "../../../components/cards/byUnit";
import { ItemExtras } from "../../../components/extras/ItemExtras";
import { extrasSchema, extrasServerErrors } from "../../../components/extras/extras";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { formatPrice } from "../../../components/ui/formatPrice";
import { ClassPicker } from "./ClassPicker";
import { deskItems, deskPlan, itemKey } from "./deskCheckout";

function summaryLabels() {
  return { promoCode: t`Promo code`, items: t`Classes` };
}

// A class sold by the week or the day: the units the child comes to, ticked.
function UnitChoices({ item, classItem, index }) {
  const id = useId();
  const name = item.participantName;
  return (
    <fieldset className="mb-2" data-field={`items.${index}.units`}>
      <legend className="form-label small mb-1">
        {unitWord(classItem) === "day" ? t`Which days for ${name}?` : t`Which weeks for ${name}?`}
      </legend>
      {(classItem.units ?? []).map((unit) => (
        <div className="form-check form-check-inline" key={unit.id}>
          <Field
            type="checkbox"
            className="form-check-input"
            id={`${id}-${unit.id}`}
            name={`items.${index}.units`}
            value={String(unit.id)}
          />
          <label className="form-check-label" htmlFor={`${id}-${unit.id}`}>
            {unit.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

// A class offering payment plans: paid in full today, or a deposit now and instalments later.
function PlanChoice({ item, classItem, index }) {
  const id = useId();
  const plans = classItem?.plans ?? [];
  if (plans.length === 0) return null;
  const className = item.className;
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={id}>
        {t`How the family pays for ${className}`}
      </label>
      <Field as="select" id={id} name={`items.${index}.planId`} className="form-select w-auto">
        <option value="">{t`In full today`}</option>
        {plans.map((offered) => {
          const planName = offered.label;
          const deposit = formatPrice(offered.deposit);
          return (
            <option key={offered.id} value={String(offered.id)}>
              {t`${planName}: ${deposit} now`}
            </option>
          );
        })}
      </Field>
    </div>
  );
}

function ChosenItem({ item, index, classItem, plan, onRemove }) {
  const planItem = plan.find((entry) => entry.key === item.key);
  const { className, participantName } = item;
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-semibold">{t`${className} for ${participantName}`}</span>
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onRemove}>
          {t`Remove ${className} for ${participantName}`}
        </button>
      </div>
      {isSoldByUnit(classItem) && <UnitChoices item={item} classItem={classItem} index={index} />}
      <PlanChoice item={item} classItem={classItem} index={index} />
      {planItem && <ItemExtras planItem={planItem} plan={plan} headingLevel={4} />}
    </li>
  );
}

// A promo code, and the family's account credit when they have some.
function PromoAndCredit({ family }) {
  const id = useId();
  return (
    <>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-promo`}>
          {t`Promo code`}
        </label>
        <Field id={`${id}-promo`} name="promoCode" className="form-control" autoComplete="off" />
      </div>
      {Number(family.credit) > 0 && (
        <div className="form-check mb-3">
          <Field
            type="checkbox"
            className="form-check-input"
            id={`${id}-credit`}
            name="applyCredit"
          />
          <label className="form-check-label" htmlFor={`${id}-credit`}>
            {t`Use the family's account credit`}
          </label>
        </div>
      )}
    </>
  );
}

function BuilderFields({ family, classesRef }) {
  const { values, setFieldValue, isSubmitting } = useFormikContext();
  const children = family.participants.filter((person) => !person.isAccountHolder);
  const { classes } = useClassesForCheckout(values.items.map((item) => item.classId));
  // The form's checks and its sending read the classes' add-ons and questions from here.
  classesRef.current = classes;
  const plan = useMemo(() => deskPlan(values, classes), [values, classes]);
  const chosen = (classId, participantId) =>
    values.items.some((item) => item.key === itemKey(classId, participantId));
  function add(classItem, child) {
    setFieldValue("items", [
      ...values.items,
      {
        key: itemKey(classItem._id, child.id),
        classId: classItem._id,
        className: classItem.nameClass,
        participantId: child.id,
        participantName: child.firstName,
        units: [],
        planId: "",
      },
    ]);
  }
  return (
    <Form noValidate aria-busy={isSubmitting}>
      <FormErrorSummary labels={summaryLabels()} />
      {children.length === 0 ? (
        <p>{t`Add a child first.`}</p>
      ) : (
        <ClassPicker participants={children} chosen={chosen} onAdd={add} />
      )}
      {values.items.length > 0 && (
        <ul className="list-group mb-3" aria-label={t`Classes chosen`}>
          {values.items.map((item, index) => (
            <ChosenItem
              key={item.key}
              item={item}
              index={index}
              classItem={classes?.[item.classId]}
              plan={plan}
              onRemove={() =>
                setFieldValue(
                  "items",
                  values.items.filter((other) => other.key !== item.key),
                )
              }
            />
          ))}
        </ul>
      )}
      <PromoAndCredit family={family} />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={values.items.length === 0 || isSubmitting}
      >
        {isSubmitting && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t`Check out`}
      </button>
    </Form>
  );
}

// Each class sold by the week or the day needs at least one of its units ticked.
function unitsChosen(values, classes) {
  const items = values.items.map((item) => {
    const classItem = classes?.[item.classId];
    if (!isSoldByUnit(classItem) || item.units.length > 0) return undefined;
    const name = item.participantName;
    return {
      units:
        unitWord(classItem) === "day"
          ? t`Choose at least one day for ${name}.`
          : t`Choose at least one week for ${name}.`,
    };
  });
  return items.some(Boolean) ? { items } : {};
}

/*
 * The server's refusal on the fields it is about (a code it does not know, an answer or an add-on
 * it refused), the rest (a class it cannot hold for a child) as the form's sentence.
 */
function showCheckoutRefusal(error, plan, { setErrors, setStatus }) {
  const { errors, rest } = extrasServerErrors(error, plan);
  const fieldErrors = error?.fieldErrors ?? {};
  const promoCode = [].concat(fieldErrors.promoCode ?? [])[0];
  if (promoCode) errors.promoCode = promoCode;
  const others = Object.entries(fieldErrors)
    .filter(([name]) => !["promoCode", "answers", "addOns"].includes(name))
    .flatMap(([, messages]) => [].concat(messages).map(String));
  const sentence = [...rest, ...others].join(" ");
  setErrors(errors);
  if (sentence) setStatus(sentence);
  else if (Object.keys(errors).length === 0) {
    setStatus(error?.message || t`Something went wrong. Please try again.`);
  }
}

/*
 * The classes the family takes, chosen for each child as the family's own checkout chooses them
 * (the weeks or days of a class sold by the unit, its add-ons and the school's questions), with a
 * promo code and the family's credit. The server holds the seats and prices them together; the
 * checkout it answers goes to `onOpened` for the payment.
 */
export function DeskCheckoutForm({ family, onOpened }) {
  const id = useId();
  const familyName = family.name;
  const classesRef = useRef(undefined);
  const schema = useMemo(
    () => yup.lazy((values) => extrasSchema(deskPlan(values, classesRef.current), values)),
    [],
  );
  async function checkOut(values, helpers) {
    helpers.setStatus(null);
    const plan = deskPlan(values, classesRef.current);
    try {
      onOpened(
        await openDeskCheckout({
          familyId: family.id,
          items: deskItems(plan, values),
          promoCode: values.promoCode,
          applyCredit: values.applyCredit,
        }),
      );
    } catch (error) {
      showCheckoutRefusal(error, plan, helpers);
    }
  }
  return (
    <section className="card mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4 card-title">
          {t`Classes for ${familyName}`}
        </h2>
        <Formik
          initialValues={{ items: [], promoCode: "", applyCredit: false, addOns: {}, answers: {} }}
          validationSchema={schema}
          validate={(values) => unitsChosen(values, classesRef.current)}
          validateOnBlur={false}
          onSubmit={checkOut}
        >
          <BuilderFields family={family} classesRef={classesRef} />
        </Formik>
      </div>
    </section>
  );
}
