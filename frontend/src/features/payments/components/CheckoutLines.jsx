import { Fragment, useId } from "react";
import { jt, msgid, ngettext, t } from "ttag";

import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import { PlanParts } from "./PlanParts";
import "./price-summary.css";

// The value of the "Pay in full" choice: a line paid by no plan.
const IN_FULL = "full";

// A week or a day of a class sold by unit, or a day of extended care, says which.
function lineName(line) {
  return line.unitLabel ? `${line.className} — ${line.unitLabel}` : line.className;
}

function whatAndWhom(line) {
  const name = lineName(line);
  return line.participantName ? t`${name} for ${line.participantName}` : name;
}

/*
 * One line's price as the server worked it out: the class's list price, each adjustment by the
 * school's name for it (an early-bird price, a sibling discount, the code, credit), and the
 * price. A line nothing adjusts reads as its one price.
 */
function LinePrice({ line }) {
  if (line.adjustments.length === 0) {
    const price = <strong key="price">{formatPrice(line.price)}</strong>;
    return <p className="mb-3">{jt`Price: ${price}`}</p>;
  }
  return (
    <dl className="price-summary mb-3">
      <dt>{t`List price`}</dt>
      <dd>{formatPrice(line.listPrice)}</dd>
      {line.adjustments.map((adjustment, index) => (
        // The same kind may come twice (two codes), so the place in the list tells them apart.
        <Fragment key={`${adjustment.kind}:${index}`}>
          <dt>{adjustment.label}</dt>
          <dd>{formatPriceChange(adjustment.amount)}</dd>
        </Fragment>
      ))}
      <dt className="price-summary-total">{t`Price`}</dt>
      <dd className="price-summary-total">
        <strong>{formatPrice(line.price)}</strong>
      </dd>
    </dl>
  );
}

/*
 * How the family pays a line a plan may pay: in full today, or by each plan open to it, each
 * choice showing what it costs today and, for a plan, each instalment's date and amount, so the
 * family sees the whole schedule before choosing. `chosen` is the plan chosen (null: in full);
 * a choice goes to `onChoose` at once (the server prices the checkout again). The radios stay
 * usable while the server answers, so arrowing through them keeps the keyboard's focus.
 */
// What a choice charges today and, for a plan, how many instalments follow.
function todayThen(choice) {
  const today = formatPrice(choice.today);
  const count = choice.parts.length;
  if (count === 0) return t`${today} today`;
  return ngettext(
    msgid`${today} today, then ${count} instalment:`,
    `${today} today, then ${count} instalments:`,
    count,
  );
}

function PlanChoice({ line, chosen, onChoose }) {
  const id = useId();
  const choices = [
    { value: IN_FULL, planId: null, label: t`Pay in full`, today: line.price, parts: [] },
    ...line.plans.map((plan) => ({
      value: String(plan.id),
      planId: plan.id,
      label: plan.label,
      today: plan.deposit,
      parts: plan.instalments,
    })),
  ];
  const checked = chosen === null ? IN_FULL : String(chosen);
  const what = whatAndWhom(line);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold mb-1">
        {t`How to pay`}
        <span className="visually-hidden"> {t`for ${what}`}</span>
      </legend>
      {choices.map((choice) => (
        <div className="form-check mb-2" key={choice.value}>
          <input
            id={`${id}-${choice.value}`}
            className="form-check-input"
            type="radio"
            name={`${id}-plan`}
            value={choice.value}
            checked={checked === choice.value}
            aria-describedby={`${id}-${choice.value}-terms`}
            onChange={() => onChoose(line, choice.planId)}
          />
          <label htmlFor={`${id}-${choice.value}`} className="form-check-label">
            {choice.label}
          </label>
          <div id={`${id}-${choice.value}-terms`} className="small text-body-secondary">
            <p className="mb-0">{todayThen(choice)}</p>
            {choice.parts.length > 0 && <PlanParts parts={choice.parts} />}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/*
 * A line paid by a plan, once it can no longer be changed: the deposit charged with the checkout,
 * then each instalment on its date.
 */
function LineSchedule({ line, paid }) {
  const plan = line.plans.find((candidate) => candidate.id === line.planId);
  const what = whatAndWhom(line);
  return (
    <div className="mb-3">
      <p className="fw-semibold mb-1">{plan ? plan.label : t`Payment plan`}</p>
      <dl className="price-summary mb-1">
        <dt>{paid ? t`Deposit paid` : t`Deposit`}</dt>
        <dd>{formatPrice(line.dueNow)}</dd>
      </dl>
      <p className="small mb-1">{t`Then, charged to the same card:`}</p>
      <PlanParts parts={line.schedule} label={t`Instalments for ${what}`} />
    </div>
  );
}

// Whom the line's seat is for.
function LineParticipant({ line }) {
  const participant = <strong key="participant">{line.participantName}</strong>;
  return <p className="mb-2">{jt`For: ${participant}`}</p>;
}

/*
 * The checkout's lines, each a class for one participant with its price. While the checkout is
 * open each has a Remove button (`onRemove`), naming the class and the participant: two children
 * may take the same class. `removing` is the line on its way out, if any; the others wait for it.
 * While it is open, a line a plan may pay offers the choice (`onChoosePlan`; `chosen` holds the
 * choices the server has not answered yet, by line); afterwards a line paid by a plan shows its
 * schedule (`paid`: the deposit has been charged).
 */
export function CheckoutLines({
  lines,
  onRemove,
  removing,
  onChoosePlan = null,
  chosen = {},
  paid = false,
}) {
  return (
    <ul className="list-unstyled d-grid gap-3 mb-4">
      {lines.map((line) => (
        <li key={line.id} className="card shadow-sm">
          <div className="card-body">
            <h2 className="h5 card-title">{lineName(line)}</h2>
            {line.participantName && <LineParticipant line={line} />}
            <LinePrice line={line} />
            {onChoosePlan && line.plans.length > 0 && (
              <PlanChoice
                line={line}
                chosen={line.id in chosen ? chosen[line.id] : line.planId}
                onChoose={onChoosePlan}
              />
            )}
            {!onChoosePlan && line.schedule.length > 0 && <LineSchedule line={line} paid={paid} />}
            {onRemove && (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={removing !== null}
                onClick={() => onRemove(line)}
              >
                {t`Remove`}
                <span className="visually-hidden"> {whatAndWhom(line)}</span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function totalLabel(paid, later) {
  if (later) return paid ? t`Paid today` : t`Due today`;
  return paid ? t`Total paid` : t`Total due`;
}

/*
 * What the lines come to. The account credit is already among the lines' adjustments; its row
 * here says how much of it the checkout uses in all. The total is what is charged now; with a
 * line paid by a plan, what its instalments will charge later follows it.
 *
 * A polite live region, read whole: when a removed line changes the sums, a screen reader hears
 * the new total with its label. An answer that brings the same sums changes no text, so nothing
 * is said again.
 */
export function CheckoutTotal({ checkout, paid }) {
  const instalments = checkout.lines.reduce((count, line) => count + line.schedule.length, 0);
  const later = checkout.later > 0 && instalments > 0;
  const laterAmount = formatPrice(checkout.later);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" aria-label={t`Total`}>
      <dl className="price-summary mb-4">
        {checkout.credit > 0 && (
          <>
            <dt>{t`Account credit applied`}</dt>
            <dd>{formatPrice(checkout.credit)}</dd>
          </>
        )}
        <dt className="price-summary-total">{totalLabel(paid, later)}</dt>
        <dd className="price-summary-total">
          <strong>{formatPrice(checkout.total)}</strong>
        </dd>
        {later && (
          <>
            <dt>{t`Later`}</dt>
            <dd>
              {ngettext(
                msgid`${laterAmount} in ${instalments} instalment`,
                `${laterAmount} in ${instalments} instalments`,
                instalments,
              )}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
