import { Fragment } from "react";

import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import "./price-summary.css";

function whatAndWhom(line) {
  return line.participantName ? `${line.className} for ${line.participantName}` : line.className;
}

/*
 * One line's price as the server worked it out: the class's list price, each adjustment by the
 * school's name for it (an early-bird price, a sibling discount, the code, credit), and the
 * price. A line nothing adjusts reads as its one price.
 */
function LinePrice({ line }) {
  if (line.adjustments.length === 0) {
    return (
      <p className="mb-3">
        Price: <strong>{formatPrice(line.price)}</strong>
      </p>
    );
  }
  return (
    <dl className="price-summary mb-3">
      <dt>List price</dt>
      <dd>{formatPrice(line.listPrice)}</dd>
      {line.adjustments.map((adjustment, index) => (
        // The same kind may come twice (two codes), so the place in the list tells them apart.
        <Fragment key={`${adjustment.kind}:${index}`}>
          <dt>{adjustment.label}</dt>
          <dd>{formatPriceChange(adjustment.amount)}</dd>
        </Fragment>
      ))}
      <dt className="price-summary-total">Price</dt>
      <dd className="price-summary-total">
        <strong>{formatPrice(line.price)}</strong>
      </dd>
    </dl>
  );
}

/*
 * The checkout's lines, each a class for one participant with its price. While the checkout is
 * open each has a Remove button (`onRemove`), naming the class and the participant: two children
 * may take the same class. `removing` is the line on its way out, if any; the others wait for it.
 */
export function CheckoutLines({ lines, onRemove, removing }) {
  return (
    <ul className="list-unstyled d-grid gap-3 mb-4">
      {lines.map((line) => (
        <li key={line.id} className="card shadow-sm">
          <div className="card-body">
            <h2 className="h5 card-title">{line.className}</h2>
            {line.participantName && (
              <p className="mb-2">
                For: <strong>{line.participantName}</strong>
              </p>
            )}
            <LinePrice line={line} />
            {onRemove && (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={removing !== null}
                onClick={() => onRemove(line)}
              >
                Remove<span className="visually-hidden"> {whatAndWhom(line)}</span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/*
 * What the lines come to. The account credit is already among the lines' adjustments; its row
 * here says how much of it the checkout uses in all.
 */
export function CheckoutTotal({ checkout, paid }) {
  return (
    <dl className="price-summary mb-4">
      {checkout.credit > 0 && (
        <>
          <dt>Account credit applied</dt>
          <dd>{formatPrice(checkout.credit)}</dd>
        </>
      )}
      <dt className="price-summary-total">{paid ? "Total paid" : "Total due"}</dt>
      <dd className="price-summary-total">
        <strong>{formatPrice(checkout.total)}</strong>
      </dd>
    </dl>
  );
}
