import { t } from "ttag";

import { formatPrice } from "../ui/formatPrice";
import { addOnsCharged } from "./extras";

/* The add-ons a quote charges, by name and amount, under its total: "Includes Materials fee
 * $18.00, Camp T-shirt (M) $15.00". Nothing when the quote charges none. */
export default function AddOnsIncluded({ quote }) {
  const charged = addOnsCharged(quote);
  if (charged.length === 0) return null;
  const included = charged.map(({ label, amount }) => `${label} ${formatPrice(amount)}`).join(", ");
  return <p className="small text-body-secondary mb-0">{t`Includes ${included}`}</p>;
}
