import { Fragment } from "react";
import { jt, t } from "ttag";

import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import "./price-summary.css";

/*
 * What the family pays for this seat, before they pay. `quote` is the server's answer on opening
 * the payment ({listPrice, adjustments, amountDue}): with adjustments (an early-bird price, a
 * sibling discount, credit), the list price, each adjustment by the school's name for it, and
 * the total due; without, the one price, as it has always read. Until the server has answered,
 * and for a free class, the class's own price.
 */
export function PriceSummary({ price, quote }) {
  const adjustments = quote?.adjustments ?? [];
  if (adjustments.length === 0) {
    const shownPrice = (
      <strong key="price">{Number(price) > 0 ? formatPrice(price) : t`Free`}</strong>
    );
    return <p className="mb-4">{jt`Price: ${shownPrice}`}</p>;
  }
  return (
    <dl className="price-summary mb-4">
      <dt>{t`List price`}</dt>
      <dd>{formatPrice(quote.listPrice)}</dd>
      {adjustments.map((adjustment, index) => (
        // The same kind may come twice (two codes), so the place in the list tells them apart.
        <Fragment key={`${adjustment.kind}:${index}`}>
          <dt>{adjustment.label}</dt>
          <dd>{formatPriceChange(adjustment.amount)}</dd>
        </Fragment>
      ))}
      <dt className="price-summary-total">{t`Total due`}</dt>
      <dd className="price-summary-total">
        <strong>{formatPrice(quote.amountDue)}</strong>
      </dd>
    </dl>
  );
}
