import { useId } from "react";
import { jt, t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { formatDate } from "../../../components/ui/schedule";
import { instalmentBadge, instalmentKind, instalmentStatus } from "./instalments";
import "./price-summary.css";

/*
 * Each part owed beyond the first charge, on its date, with how it stands: due, being charged,
 * paid (and how), failed (the family may pay it now) or cancelled. A part that is not one of the
 * plan's instalments (a transfer's difference) says what it is.
 */
function InstalmentList({ instalments, label }) {
  return (
    <ul className="list-unstyled small mb-0" aria-label={label}>
      {instalments.map((instalment) => (
        <li key={instalment.id} className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
          <time dateTime={instalment.dueOn} className="fw-semibold">
            {formatDate(instalment.dueOn)}
          </time>{" "}
          {instalment.kind !== "instalment" && <span>{instalmentKind(instalment.kind)} </span>}
          <span>{formatPrice(instalment.amount)}</span>{" "}
          <span className={instalmentBadge(instalment.status)}>{instalmentStatus(instalment)}</span>
        </li>
      ))}
    </ul>
  );
}

/*
 * What a seat paid by a plan stands at: paid so far, what is left and what of it is due now, each
 * instalment, and, once an instalment stayed unpaid after its last try, that the seat is overdue
 * and the day it goes to the waitlist unless paid. `headingLevel` fits it into the page's outline.
 */
export function BalanceSummary({ balance, headingLevel = 3 }) {
  const headingId = useId();
  const Heading = `h${headingLevel}`;
  const releaseDay = balance.releaseOn && (
    <time key="release" dateTime={balance.releaseOn}>
      {formatDate(balance.releaseOn)}
    </time>
  );
  return (
    <section aria-labelledby={headingId} className="mt-3">
      <Heading id={headingId} className="h6 mb-2">
        {balance.planLabel || t`Balance`}
      </Heading>
      {balance.overdueSince && (
        <p className="mb-2">
          <span className="badge text-bg-danger me-1">{t`Overdue`}</span>{" "}
          {balance.releaseOn
            ? jt`The seat is kept until ${releaseDay} unless what is due is paid.`
            : t`Please pay what is due to keep the seat.`}
        </p>
      )}
      <dl className="price-summary mb-2">
        <dt>{t`Paid`}</dt>
        <dd>{formatPrice(balance.paid)}</dd>
        <dt>{t`Remaining`}</dt>
        <dd>{formatPrice(balance.due)}</dd>
        {balance.dueNow > 0 && (
          <>
            <dt className="fw-semibold">{t`Due now`}</dt>
            <dd className="fw-semibold">{formatPrice(balance.dueNow)}</dd>
          </>
        )}
      </dl>
      {balance.instalments.length > 0 && (
        <InstalmentList instalments={balance.instalments} label={t`Instalments`} />
      )}
    </section>
  );
}
