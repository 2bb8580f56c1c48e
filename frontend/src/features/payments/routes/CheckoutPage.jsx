import { useCallback, useEffect, useId, useReducer, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { chooseCheckoutPlan, removeCheckoutLine, useCheckout } from "../../../api/checkouts";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalTime } from "../../../components/ui/localTime";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { CareNeeded } from "../components/CareNeeded";
import { CONFIRMING_MESSAGE } from "../components/CheckoutForm";
import { CheckoutLines, CheckoutTotal } from "../components/CheckoutLines";
import { CheckoutPayForm } from "../components/CheckoutPayForm";
import { checkoutReducer, PAYING } from "../components/checkout";

function nameAndWhom(line) {
  return line.participantName ? `${line.nameClass} (${line.participantName})` : line.nameClass;
}

// Until when the checkout's seats are held for the family.
function SeatsHeld({ holdExpiresAt }) {
  const until = (
    <time key="held" dateTime={holdExpiresAt}>
      {formatLocalTime(holdExpiresAt)}
    </time>
  );
  return <p>{jt`Seats held until ${until}`}</p>;
}

/*
 * The lines refused their seat after the charge, with why (their share is given back): from the
 * payments the answer to Pay brought. A checkout paid before the page opened says none here.
 */
function refusedOf(payments) {
  return (payments ?? [])
    .filter((payment) => payment.status === "refunded" && payment.refundReason)
    .map((payment) => ({
      paymentId: payment._id,
      nameClass: payment.nameClass,
      participantName: payment.participantName,
      refundReason: payment.refundReason,
    }));
}

/*
 * The checkout paid: the family is enrolled, and the checkout has its one receipt, for all its
 * classes and its one card charge. Paid just now (`announce`), the message takes the focus the
 * Pay button had.
 */
function CheckoutPaid({ checkoutId, refused, announce }) {
  const statusRef = useRef(null);
  useEffect(() => {
    if (announce) statusRef.current?.focus();
  }, [announce]);
  const receiptLink = (
    <Link key="receipt" to={paths.dashboard.checkoutReceipt(checkoutId)}>
      {t`Your receipt for this checkout`}
    </Link>
  );
  return (
    <>
      <div role="status" className="mb-3" ref={statusRef} tabIndex={-1}>
        <p className="text-success-emphasis fw-semibold mb-1">{t`Paid: your family is enrolled.`}</p>
        {refused.map((line) => (
          <p key={line.paymentId} className="mb-1">
            {nameAndWhom(line)}: {line.refundReason}
          </p>
        ))}
      </div>
      <p>
        {jt`${receiptLink}: every class and the one card charge. It is on its way by e-mail too.`}
      </p>
    </>
  );
}

/*
 * The family's choice of how to pay each line (`choose(line, planId)`, null for in full), sent
 * at once; the answer is the checkout priced again. `chosen` holds the choices the server has
 * not answered yet, by line, so the radio shows what was pressed meanwhile. One request per line
 * is on its way at a time: choices made meanwhile (arrowing through the radios) send only the
 * last one after it, so the server ends with the family's last choice. A refusal (the plan's
 * first date passed) goes to `onFailure`, and the checkout is asked again.
 */
function usePlanChoices(checkoutId, mutate, onFailure) {
  const [chosen, setChosen] = useState({});
  const latest = useRef({});
  const sending = useRef(new Set());

  const choose = useCallback(
    async (line, planId) => {
      latest.current[line.id] = planId;
      setChosen((current) => ({ ...current, [line.id]: planId }));
      if (sending.current.has(line.id)) return;
      sending.current.add(line.id);
      onFailure("");
      try {
        let sent;
        let repriced;
        do {
          sent = latest.current[line.id];
          repriced = await chooseCheckoutPlan(checkoutId, line.id, sent);
        } while (latest.current[line.id] !== sent);
        await mutate(repriced, { revalidate: false });
      } catch (failure) {
        onFailure(failure.message);
        mutate();
      } finally {
        sending.current.delete(line.id);
        setChosen((current) => {
          const waiting = { ...current };
          delete waiting[line.id];
          return waiting;
        });
      }
    },
    [checkoutId, mutate, onFailure],
  );

  return { chosen, choose, choosing: Object.keys(chosen).length > 0 };
}

/*
 * /dashboard/checkout/:id: several of the family's classes, opened together from My Selected
 * Classes, each line priced by the server, and paid with one charge. Lines may be taken out
 * while it is open; the server prices the rest again. As on the payment page, the server may
 * first ask for a child's care record and the school's policies (409 `care_incomplete`); the
 * page asks for them here and opens the payment again once they are in (components/checkout.js).
 * A line a payment plan may pay offers it: a deposit now, the rest on the plan's dates.
 */
export function CheckoutPage() {
  useTitle(t`Checkout`);
  const { id } = useParams();
  const { user } = useAuth();
  const { data: checkout, error, mutate } = useCheckout(id);
  const [care, dispatch] = useReducer(checkoutReducer, PAYING);
  const careIncomplete = useCallback(
    ({ participantId, missing }) => dispatch({ type: "careIncomplete", participantId, missing }),
    [],
  );
  const refresh = useCallback(() => mutate(), [mutate]);
  // The payments the answer to Pay brought; null until the family pays on this page.
  const [payments, setPayments] = useState(null);
  const [removing, setRemoving] = useState(null);
  // Why taking a line out, or changing how it is paid, did not go through.
  const [lineFailure, setLineFailure] = useState("");
  // A refused choice may take its radios with it (the plan is no longer offered): the focus goes
  // to why, each time one is refused.
  const failureId = useId();
  const [planRefusals, setPlanRefusals] = useState(0);
  const planFailure = useCallback((message) => {
    setLineFailure(message);
    if (message) setPlanRefusals((count) => count + 1);
  }, []);
  useEffect(() => {
    if (planRefusals > 0) document.getElementById(failureId)?.focus();
  }, [planRefusals, failureId]);
  const { chosen, choose, choosing } = usePlanChoices(id, mutate, planFailure);
  // The removed line took its button with it; focus goes back to the top of the page.
  const headingRef = useRef(null);

  async function remove(line) {
    setRemoving(line.id);
    setLineFailure("");
    try {
      const repriced = await removeCheckoutLine(checkout.id, line.id);
      await mutate(repriced, { revalidate: false });
      headingRef.current?.focus();
    } catch (failure) {
      setLineFailure(failure.message);
      // Paid meanwhile (in another tab), or the line already gone: the checkout as it is now.
      if (failure.status === 409 || failure.status === 404) refresh();
    } finally {
      setRemoving(null);
    }
  }

  let content;
  if (checkout) {
    const open = checkout.status === "open";
    const paid = checkout.status === "paid";
    let payment;
    if (paid) {
      payment = (
        <CheckoutPaid
          checkoutId={checkout.id}
          refused={refusedOf(payments)}
          announce={payments !== null}
        />
      );
    } else if (!open) {
      payment = (
        <p className="fw-semibold" role="status">
          {CONFIRMING_MESSAGE}
        </p>
      );
    } else if (checkout.lines.length === 0) {
      payment = (
        <div className="alert alert-warning">
          <p className="mb-1">{t`This checkout has no classes left.`}</p>
          <Link to={paths.dashboard.mySelectedClasses}>{t`Back to My Selected Classes`}</Link>
        </div>
      );
    } else if (care.step === "careNeeded") {
      payment = (
        <CareNeeded
          participantId={care.participantId}
          missing={care.missing}
          fallbackName={
            checkout.lines.find((line) => line.participantId === care.participantId)
              ?.participantName
          }
          onRecordChanged={(record) => dispatch({ type: "recordChanged", missing: record.missing })}
          onPolicyAccepted={(slug) => dispatch({ type: "policyAccepted", slug })}
          onRetry={() => dispatch({ type: "retry" })}
        />
      );
    } else {
      payment = (
        <>
          {care.careDone && (
            <p className="text-success-emphasis fw-semibold" role="status">
              {t`Thank you: the school has everything it needs.`}
            </p>
          )}
          {/* Drawn afresh for each opening of the payment (`round`). */}
          <CheckoutPayForm
            key={care.round}
            checkout={checkout}
            user={user}
            choosing={choosing}
            onCareIncomplete={careIncomplete}
            onRefresh={refresh}
            onPaid={setPayments}
          />
        </>
      );
    }
    content = (
      <>
        <DismissibleAlert id={failureId} message={lineFailure} onClose={() => setLineFailure("")} />
        <CheckoutLines
          lines={checkout.lines}
          onRemove={open ? remove : null}
          removing={removing}
          onChoosePlan={open ? choose : null}
          chosen={chosen}
          paid={paid}
        />
        <CheckoutTotal checkout={checkout} paid={paid} />
        {checkout.promoCodeProblem && (
          <p className="fw-semibold" role="status">
            {checkout.promoCodeProblem}
          </p>
        )}
        {open && checkout.holdExpiresAt && <SeatsHeld holdExpiresAt={checkout.holdExpiresAt} />}
        {payment}
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`This checkout could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading the checkout…`} />;
  }

  return (
    <section aria-labelledby="checkout-heading" className="checkout-page">
      <h1 id="checkout-heading" className="h2 mb-4" ref={headingRef} tabIndex={-1}>
        {t`Checkout`}
      </h1>
      {content}
    </section>
  );
}
