import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";

import { useCart } from "../../../api/cart";
import { useOpenCheckout } from "../../../api/checkouts";
import { ErrorSummary, requestProblems } from "../../../components/forms/ErrorSummary";
import { formatPrice } from "../../../components/ui/formatPrice";
import { paths } from "../../../config/paths";

function selectionLabel(selection) {
  return selection.participantName
    ? `${selection.nameClass} for ${selection.participantName}`
    : selection.nameClass;
}

/*
 * The server's reason for not opening the checkout, as an error summary: each field it refused
 * (a code it does not know, with a link to it) or its one sentence (an item it cannot take).
 * The summary takes the focus, which left with the Check out button when it went off.
 */
function refusalProblems(refusal, promoCodeErrorId) {
  return requestProblems(refusal, ["promoCode"]).map((problem) =>
    problem.field === "promoCode" ? { ...problem, id: promoCodeErrorId } : problem,
  );
}

/*
 * Several of the family's selected classes paid together with one payment: the server holds a
 * seat in each at once and prices them together (sibling and multi-class discounts, a promo
 * code, account credit), then the checkout page takes the payment. `selections` is the family's
 * whole list, whoever the page is showing. Every selection starts ticked, and one selected
 * later joins ticked.
 */
export function CheckoutTogether({ selections }) {
  const navigate = useNavigate();
  // What they all cost together, as the server prices them (GET /cart); said once it is known.
  const { data: cart } = useCart(true);
  const openCheckout = useOpenCheckout();
  const [unticked, setUnticked] = useState(() => new Set());
  const [promoCode, setPromoCode] = useState("");
  const [applyCredit, setApplyCredit] = useState(false);
  const [posting, setPosting] = useState(false);
  const [refusal, setRefusal] = useState(null);
  const [refusals, setRefusals] = useState(0);
  const idBase = useId();
  const promoCodeId = `${idBase}-promo-code`;
  const promoCodeErrorId = `${idBase}-promo-code-error`;
  const ticked = selections.filter((selection) => !unticked.has(selection._id));
  const promoCodeRefused = Boolean(refusal?.fieldErrors?.promoCode?.[0]);

  function tick(selection, on) {
    setUnticked((before) => {
      const after = new Set(before);
      if (on) after.delete(selection._id);
      else after.add(selection._id);
      return after;
    });
  }

  async function checkOut(event) {
    event.preventDefault();
    if (ticked.length === 0 || posting) return;
    setPosting(true);
    setRefusal(null);
    try {
      const checkout = await openCheckout({
        items: ticked.map((selection) => ({
          classId: selection.classId,
          participantId: selection.participantId,
        })),
        promoCode,
        applyCredit,
      });
      navigate(paths.dashboard.checkout(checkout.id));
    } catch (error) {
      setRefusal(error);
      setRefusals((count) => count + 1);
      setPosting(false);
    }
  }

  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${idBase}-heading`}>
      <form className="card-body" onSubmit={checkOut} noValidate aria-busy={posting}>
        <h2 id={`${idBase}-heading`} className="h4 card-title">
          Check out together
        </h2>
        {refusal && (
          <ErrorSummary problems={refusalProblems(refusal, promoCodeErrorId)} attempt={refusals} />
        )}
        {cart?.count > 0 && (
          <p className="fs-5 fw-semibold mb-2">
            {cart.count === 1 ? "1 class" : `${cart.count} classes`}: {formatPrice(cart.total)}
            <span className="d-block fs-6 fw-normal text-body-secondary">
              with family discounts, before a promo code or account credit
            </span>
          </p>
        )}
        <p>
          Pay for several classes with one payment. Each class ticked keeps its seat while you pay,
          and family discounts are worked out together.
        </p>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Classes to pay for</legend>
          {selections.map((selection) => {
            const checkboxId = `${idBase}-selection-${selection._id}`;
            return (
              <div className="form-check" key={selection._id}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={checkboxId}
                  checked={!unticked.has(selection._id)}
                  onChange={(event) => tick(selection, event.target.checked)}
                />
                <label className="form-check-label text-break" htmlFor={checkboxId}>
                  {selectionLabel(selection)}
                </label>
              </div>
            );
          })}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={promoCodeId}>
            Promo code
          </label>
          <input
            id={promoCodeId}
            className={`form-control${promoCodeRefused ? " is-invalid" : ""}`}
            type="text"
            autoComplete="off"
            maxLength={40}
            name="promoCode"
            value={promoCode}
            aria-invalid={promoCodeRefused || undefined}
            aria-describedby={promoCodeRefused ? promoCodeErrorId : undefined}
            onChange={(event) => setPromoCode(event.target.value)}
          />
        </div>
        <div className="form-check mb-3">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${idBase}-credit`}
            checked={applyCredit}
            onChange={(event) => setApplyCredit(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${idBase}-credit`}>
            Use my account credit
          </label>
        </div>
        <button type="submit" className="btn btn-primary" disabled={ticked.length === 0 || posting}>
          {posting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Check out
        </button>
      </form>
    </section>
  );
}
