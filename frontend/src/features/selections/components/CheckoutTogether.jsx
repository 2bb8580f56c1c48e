import { Formik, Form, useFormikContext } from "formik";
import { useId, useMemo } from "react";
import { useNavigate } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";
import * as yup from "yup";

import { useCart } from "../../../api/cart";
import { useCheckoutQuote } from "../../../api/checkoutQuotes";
import { useClassesForCheckout } from "../../../api/classExtras";
import { useOpenCheckout } from "../../../api/checkouts";
import { ErrorSummary, formProblems } from "../../../components/forms/ErrorSummary";
import { ItemExtras } from "../../../components/extras/ItemExtras";
import {
  extrasSchema,
  extrasServerErrors,
  itemExtras,
  planExtras,
} from "../../../components/extras/extras";
import AddOnsIncluded from "../../../components/extras/AddOnsIncluded";
import { formatPrice } from "../../../components/ui/formatPrice";
import { paths } from "../../../config/paths";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";

// The running total is asked once the ticking pauses this long.
const QUOTE_AFTER_MS = 300;

// An option sold out as the seat was held: what each has left is asked again.
const ADD_ON_SOLD_OUT = "add_on_sold_out";

// The server's answers kept beside their fields; any other field's is said in the summary.
const FORM_FIELDS = ["promoCode", "answers", "addOns"];

function selectionLabel(selection) {
  return selection.participantName
    ? t`${selection.nameClass} for ${selection.participantName}`
    : selection.nameClass;
}

// The ticked selections as checkout items with what each offers beside the seat.
function planOf(selections, unticked, classes) {
  return planExtras(
    selections
      .filter((selection) => !unticked.includes(String(selection._id)))
      .map((selection) => ({
        key: `s${selection._id}`,
        selection,
        participantId: selection.participantId,
        participantName: selection.participantName,
        className: selection.nameClass,
        classItem: classes?.[selection.classId],
        units: [],
      })),
  );
}

function checkoutItems(plan, values, options) {
  return plan.map((item) => ({
    classId: item.selection.classId,
    participantId: item.selection.participantId,
    ...itemExtras(item, values, plan, options),
  }));
}

/*
 * What the ticked classes cost together: the checkout's own quote (its add-ons with it, a
 * materials fee the school requires among them) once a ticked class has add-ons, otherwise the
 * family's cart (GET /cart) as the server prices it. Said once it is known.
 */
function RunningTotal({ plan }) {
  const { values } = useFormikContext();
  const { data: cart } = useCart(true);
  const withAddOns = plan.some((item) => item.addOns.length > 0);
  // As text, so the same items asked again (a new list at each render) are the same value.
  const items = JSON.stringify(
    withAddOns ? checkoutItems(plan, values, { withAnswers: false }) : [],
  );
  const settled = useDebouncedValue(items, QUOTE_AFTER_MS);
  const { data: quote } = useCheckoutQuote(useMemo(() => JSON.parse(settled), [settled]));
  const shownQuote = withAddOns && plan.length > 0 ? quote : null;
  const count = shownQuote ? plan.length : cart?.count;
  const total = shownQuote ? shownQuote.total : cart?.total;
  if (!(count > 0)) return null;
  const price = formatPrice(total);
  return (
    <div className="mb-2" aria-live="polite">
      <p className="fs-5 fw-semibold mb-0">
        {ngettext(msgid`${count} class: ${price}`, `${count} classes: ${price}`, count)}
        <span className="d-block fs-6 fw-normal text-body-secondary">
          {t`with family discounts, before a promo code or account credit`}
        </span>
      </p>
      <AddOnsIncluded quote={shownQuote} />
    </div>
  );
}

function TogetherForm({ selections, classes, idBase }) {
  const { values, errors, status, submitCount, isSubmitting, setFieldValue } = useFormikContext();
  const plan = useMemo(
    () => planOf(selections, values.unticked, classes),
    [selections, values.unticked, classes],
  );
  const promoCodeId = `${idBase}-promo-code`;
  const promoCodeErrorId = `${idBase}-promo-code-error`;
  const promoCodeRefused = submitCount > 0 && typeof errors.promoCode === "string";
  const problems = (submitCount > 0 ? formProblems({ errors, status }) : []).map((problem) =>
    problem.field === "promoCode" ? { ...problem, id: promoCodeErrorId } : problem,
  );

  function tick(selection, on) {
    const id = String(selection._id);
    const rest = values.unticked.filter((other) => other !== id);
    setFieldValue("unticked", on ? rest : [...rest, id]);
  }

  return (
    <Form className="card-body" noValidate aria-busy={isSubmitting}>
      <h2 id={`${idBase}-heading`} className="h4 card-title">
        {t`Check out together`}
      </h2>
      <ErrorSummary problems={problems} attempt={isSubmitting ? 0 : submitCount} />
      <RunningTotal plan={plan} />
      <p>
        {t`Pay for several classes with one payment. Each class ticked keeps its seat while you pay, and family discounts are worked out together.`}
      </p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t`Classes to pay for`}</legend>
        {selections.map((selection) => {
          const checkboxId = `${idBase}-selection-${selection._id}`;
          return (
            <div className="form-check" key={selection._id}>
              <input
                className="form-check-input"
                type="checkbox"
                id={checkboxId}
                checked={!values.unticked.includes(String(selection._id))}
                onChange={(event) => tick(selection, event.target.checked)}
              />
              <label className="form-check-label text-break" htmlFor={checkboxId}>
                {selectionLabel(selection)}
              </label>
            </div>
          );
        })}
      </fieldset>
      {plan.map((item) => (
        <ItemExtras key={item.key} planItem={item} plan={plan} />
      ))}
      <div className="mb-3">
        <label className="form-label" htmlFor={promoCodeId}>
          {t`Promo code`}
        </label>
        <input
          id={promoCodeId}
          className={`form-control${promoCodeRefused ? " is-invalid" : ""}`}
          type="text"
          autoComplete="off"
          maxLength={40}
          name="promoCode"
          value={values.promoCode}
          aria-invalid={promoCodeRefused || undefined}
          aria-describedby={promoCodeRefused ? promoCodeErrorId : undefined}
          onChange={(event) => setFieldValue("promoCode", event.target.value, false)}
        />
      </div>
      <div className="form-check mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          id={`${idBase}-credit`}
          checked={values.applyCredit}
          onChange={(event) => setFieldValue("applyCredit", event.target.checked, false)}
        />
        <label className="form-check-label" htmlFor={`${idBase}-credit`}>
          {t`Use my account credit`}
        </label>
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={plan.length === 0 || isSubmitting}
      >
        {isSubmitting && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t`Check out`}
      </button>
    </Form>
  );
}

/*
 * The server's reasons for not opening the checkout, on the fields they are about: a code it
 * does not know, an answer or an add-on it refused (each beside its field); the rest (an item it
 * cannot take) as the form's one sentence. The summary takes the focus, which left with the
 * Check out button when it went off.
 */
function showRefusal(error, plan, { setErrors, setStatus }) {
  const { errors, rest } = extrasServerErrors(error, plan);
  const fieldErrors = error?.fieldErrors ?? {};
  const promoCode = [].concat(fieldErrors.promoCode ?? [])[0];
  if (promoCode) errors.promoCode = promoCode;
  const others = Object.entries(fieldErrors)
    .filter(([name]) => !FORM_FIELDS.includes(name))
    .flatMap(([, messages]) => [].concat(messages).map(String));
  const sentence = [...rest, ...others].join(" ");
  setErrors(errors);
  if (sentence) setStatus(sentence);
  else if (Object.keys(errors).length === 0) {
    setStatus(error?.message || t`Something went wrong. Please try again.`);
  }
}

/*
 * Several of the family's selected classes paid together with one payment: the server holds a
 * seat in each at once and prices them together (sibling and multi-class discounts, a promo
 * code, account credit), then the checkout page takes the payment. Before it opens, each ticked
 * class offers its add-ons and asks the school's questions for the child (ItemExtras), checked
 * here as the server checks them. `selections` is the family's whole list, whoever the page is
 * showing. Every selection starts ticked, and one selected later joins ticked.
 */
export function CheckoutTogether({ selections }) {
  const navigate = useNavigate();
  const openCheckout = useOpenCheckout();
  const { classes, refresh } = useClassesForCheckout(
    selections.map((selection) => selection.classId),
  );
  const idBase = useId();

  const schema = useMemo(
    () => yup.lazy((values) => extrasSchema(planOf(selections, values.unticked, classes), values)),
    [selections, classes],
  );

  async function checkOut(values, helpers) {
    const plan = planOf(selections, values.unticked, classes);
    if (plan.length === 0) return;
    helpers.setStatus(null);
    try {
      const checkout = await openCheckout({
        items: checkoutItems(plan, values),
        promoCode: values.promoCode,
        applyCredit: values.applyCredit,
      });
      navigate(paths.dashboard.checkout(checkout.id));
    } catch (error) {
      showRefusal(error, plan, helpers);
      if (error?.body?.code === ADD_ON_SOLD_OUT) refresh();
    }
  }

  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${idBase}-heading`}>
      <Formik
        initialValues={{ unticked: [], promoCode: "", applyCredit: false, addOns: {}, answers: {} }}
        validationSchema={schema}
        validateOnBlur={false}
        onSubmit={checkOut}
      >
        <TogetherForm selections={selections} classes={classes} idBase={idBase} />
      </Formik>
    </section>
  );
}
