import { Form, Formik, useFormikContext } from "formik";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { t } from "ttag";
import * as yup from "yup";

import { takeDeskPayment } from "../../../api/frontDesk";
import { CheckboxField } from "../../../components/forms/CheckboxField";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { formatPrice } from "../../../components/ui/formatPrice";
import { cardSaved, useCardField } from "../../../hooks/useCardField";
import { showRefusal } from "./refusal";

// The ways the desk takes a payment, as the server names them.
const METHODS = ["card", "cash", "cheque", "link"];

// Said when the panel is drawn, in the language the page speaks.
function methodOptions() {
  const labels = {
    card: t`Card, typed in here`,
    cash: t`Cash`,
    cheque: t`Cheque`,
    link: t`Pay later: e-mail a link`,
  };
  return METHODS.map((value) => ({ value, label: labels[value] }));
}

function summaryLabels() {
  return { method: t`How the family pays`, reference: t`Cheque number`, keepCard: t`Card` };
}

function paymentSchema() {
  return yup.object({
    method: yup.string().oneOf(METHODS, t`Choose how the family pays.`),
    reference: yup.string().when("method", {
      is: "cheque",
      then: (rule) => rule.trim().required(t`Enter the cheque's number.`),
    }),
  });
}

function CheckoutSummary({ checkout }) {
  const dueNow = formatPrice(checkout.total);
  const later = formatPrice(checkout.later);
  return (
    <>
      <ul className="list-group mb-2" aria-label={t`Lines`}>
        {checkout.lines.map((line) => {
          const { className, participantName } = line;
          return (
            <li key={line.id} className="list-group-item d-flex justify-content-between gap-2">
              <span>{t`${className} for ${participantName}`}</span>
              <span>{formatPrice(line.dueNow ?? line.price)}</span>
            </li>
          );
        })}
      </ul>
      <p className="fs-5 fw-semibold mb-1">{t`Due now: ${dueNow}`}</p>
      {checkout.later > 0 && <p className="mb-1">{t`Later, by instalments: ${later}`}</p>}
    </>
  );
}

// The card form Stripe.js draws, while the card is chosen; `card` reaches the sending.
function CardBox({ card, onProblem, needsKeeping }) {
  const { values } = useFormikContext();
  const wanted = values.method === "card";
  const field = useCardField(wanted, onProblem);
  card.current = field;
  if (!wanted) return null;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t`Card details`}</legend>
      {/* Stripe.js draws the card inputs in here. */}
      <div ref={field.boxRef} className="form-control py-2" data-testid="card-element" />
      <CheckboxField
        name="keepCard"
        label={t`The family agrees to keep this card on file`}
        hint={
          needsKeeping
            ? t`The instalments are charged to it on their dates: it must be kept.`
            : t`Otherwise it is used for this payment only.`
        }
      />
    </fieldset>
  );
}

// The cheque's number or the cash receipt's reference, and the button that takes the payment.
function ReferenceAndTake({ checkout, family }) {
  const { values, isSubmitting } = useFormikContext();
  const email = family.email;
  const total = formatPrice(checkout.total);
  return (
    <>
      {values.method === "cheque" && (
        <FormField name="reference" label={t`Cheque number`} autoComplete="off" />
      )}
      {values.method === "cash" && (
        <FormField name="reference" label={t`Receipt reference (optional)`} autoComplete="off" />
      )}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {values.method === "link" ? t`E-mail the link to ${email}` : t`Take ${total}`}
      </button>
    </>
  );
}

/*
 * Taking the checkout's payment at the desk: a card the office types into Stripe's form (saved
 * into the checkout's SetupIntent, then charged by the server; kept on the family's account only
 * if they agree), cash, a cheque with its number, or a link e-mailed to pay later. The server's
 * answer goes to `onDone`.
 */
export function DeskPaymentPanel({ checkout, family, onDone }) {
  const id = useId();
  const [cardProblem, setCardProblem] = useState("");
  const onProblem = useCallback((message) => setCardProblem(message), []);
  const card = useRef(null);
  const needsKeeping = checkout.later > 0;
  const schema = useMemo(paymentSchema, []);

  async function pay(values, helpers) {
    helpers.setStatus(null);
    setCardProblem("");
    let setupIntentId;
    if (values.method === "card" && checkout.total > 0) {
      const { stripe, cardRef, ready } = card.current ?? {};
      if (!stripe || !ready) {
        helpers.setStatus(t`The card form is still loading.`);
        return;
      }
      const who = { email: family.email, displayName: family.name };
      const saved = await cardSaved(stripe, cardRef.current, checkout.clientSecret, who);
      if ("failure" in saved) {
        helpers.setStatus(saved.failure || t`The card was not accepted.`);
        return;
      }
      ({ setupIntentId } = saved);
    }
    try {
      const answer = await takeDeskPayment(checkout.id, {
        method: values.method,
        total: checkout.total,
        reference: values.reference,
        setupIntentId,
        keepCard: values.keepCard,
      });
      onDone({ ...answer, method: values.method });
    } catch (error) {
      showRefusal(error, ["method", "reference", "keepCard"], helpers);
    }
  }

  return (
    <section className="card mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4 card-title">
          {t`Payment`}
        </h2>
        <CheckoutSummary checkout={checkout} />
        <Formik
          initialValues={{ method: "card", reference: "", keepCard: needsKeeping }}
          validationSchema={schema}
          validateOnBlur={false}
          onSubmit={pay}
        >
          {({ values, isSubmitting }) => (
            <Form noValidate aria-busy={isSubmitting}>
              <FormErrorSummary labels={summaryLabels()} />
              <RadioGroupField
                name="method"
                legend={t`How the family pays`}
                options={methodOptions()}
              />
              <CardBox card={card} onProblem={onProblem} needsKeeping={needsKeeping} />
              {cardProblem && values.method === "card" && (
                <p className="text-danger" role="alert">
                  {cardProblem}
                </p>
              )}
              <ReferenceAndTake checkout={checkout} family={family} />
            </Form>
          )}
        </Formik>
      </div>
    </section>
  );
}
