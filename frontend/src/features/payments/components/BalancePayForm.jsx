import { useId, useState } from "react";
import { t } from "ttag";

import { usePayBalance } from "../../../api/balances";
import { formatPrice } from "../../../components/ui/formatPrice";
import { cardSaved, useCardField } from "../../../hooks/useCardField";
import { withBankConfirmation } from "../lib/withBankConfirmation";
import { FALLBACK_FAILURE, PayFailure } from "./PayFailure";

const ON_FILE = "onFile";
const ANOTHER = "another";

// What the family may pay now: what is due today, and all that is left when that is more.
export function payChoices(balance) {
  const choices = [];
  if (balance.dueNow > 0) {
    choices.push({ scope: "due", label: t`What is due now`, amount: balance.dueNow });
  }
  if (balance.due > balance.dueNow) {
    choices.push({ scope: "all", label: t`The remaining balance`, amount: balance.due });
  }
  return choices;
}

// A group of radios, one per option ({value, label, hint}), that `legend` names.
function Choice({ legend, options, value, onChange, disabled }) {
  const id = useId();
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="form-label fs-6 fw-semibold mb-1">{legend}</legend>
      {options.map((option) => (
        <div className="form-check" key={option.value}>
          <input
            id={`${id}-${option.value}`}
            className="form-check-input"
            type="radio"
            name={`${id}-choice`}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`} className="form-check-label">
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/*
 * Paying a seat's balance: what is due now or all that is left (`scope`, first as the link that
 * led here asked), by the card saved at checkout, or by another card typed here and saved with
 * Stripe.js into the balance's SetupIntent. The amount on the button is the one the server
 * charges or nothing; a bank that wants 3-D Secure gets it, then the server settles the same
 * charge. A decline, or an amount changed meanwhile, shows why and takes the focus; the balance
 * is asked again meanwhile (api/balances), so the button shows the amount now. Paid, the new
 * balance is kept (api/balances) and the amount paid goes to `onPaid`.
 */
export function BalancePayForm({ enrolmentId, balance, user, initialScope, onPaid }) {
  const choices = payChoices(balance);
  const [scope, setScope] = useState(
    choices.some((choice) => choice.scope === initialScope) ? initialScope : choices[0]?.scope,
  );
  const chosen = choices.find((choice) => choice.scope === scope) ?? choices[0];
  const [card, setCard] = useState(ON_FILE);
  const [failure, setFailure] = useState("");
  const anotherCard = card === ANOTHER;
  const { boxRef, cardRef, stripe, ready } = useCardField(anotherCard, setFailure);
  const [processing, setProcessing] = useState(false);
  const [answered, setAnswered] = useState(0);
  const payBalance = usePayBalance(user?.email);
  if (!chosen) return null;
  const chosenAmount = formatPrice(chosen.amount);
  const canPay =
    !processing && (!anotherCard || (Boolean(stripe) && ready && Boolean(balance.clientSecret)));

  async function pay(event) {
    event.preventDefault();
    if (!canPay) return;
    // The amount on the button when it was pressed: the only amount the server may charge.
    const { scope: paying, amount } = chosen;
    setProcessing(true);
    setFailure("");
    try {
      let setupIntentId;
      if (anotherCard) {
        const saved = await cardSaved(stripe, cardRef.current, balance.clientSecret, user);
        if ("failure" in saved) {
          setFailure(saved.failure || FALLBACK_FAILURE);
          return;
        }
        ({ setupIntentId } = saved);
      }
      await withBankConfirmation(({ paymentIntentId }) =>
        payBalance(enrolmentId, {
          scope: paying,
          amount,
          ...(paymentIntentId ? { paymentIntentId } : { setupIntentId }),
        }),
      );
      onPaid(amount);
    } catch (error) {
      setFailure(error.message || FALLBACK_FAILURE);
    } finally {
      setProcessing(false);
      setAnswered((count) => count + 1);
    }
  }

  return (
    <form onSubmit={pay} noValidate aria-busy={processing}>
      {choices.length > 1 && (
        <Choice
          legend={t`What would you like to pay?`}
          options={choices.map((choice) => {
            const amount = formatPrice(choice.amount);
            return { value: choice.scope, label: t`${choice.label}: ${amount}` };
          })}
          value={chosen.scope}
          onChange={setScope}
          disabled={processing}
        />
      )}
      <Choice
        legend={t`Pay with`}
        options={[
          { value: ON_FILE, label: t`The card on file` },
          { value: ANOTHER, label: t`Use another card` },
        ]}
        value={card}
        onChange={(next) => {
          setCard(next);
          setFailure("");
        }}
        disabled={processing}
      />
      {anotherCard && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t`Card details`}</legend>
          {/* Stripe.js draws the card inputs in here. */}
          <div ref={boxRef} className="form-control py-2" data-testid="card-element" />
        </fieldset>
      )}
      <button type="submit" className="btn btn-primary" disabled={!canPay}>
        {processing && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t`Pay ${chosenAmount}`}
      </button>
      <PayFailure failure={failure} answered={answered} />
    </form>
  );
}
