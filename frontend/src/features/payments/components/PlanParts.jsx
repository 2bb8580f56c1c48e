import { jt } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { formatDate } from "../../../components/ui/schedule";

/*
 * A plan's parts after the deposit, each on its date, as the family will be charged: `parts`
 * are {dueOn, amount}, dates the school's calendar days. `label` names the list for a screen
 * reader when nothing around it does.
 */
export function PlanParts({ parts, label }) {
  return (
    <ul className="list-unstyled small mb-0" aria-label={label}>
      {parts.map((part, index) => {
        const amount = formatPrice(part.amount);
        const day = (
          <time key="day" dateTime={part.dueOn}>
            {formatDate(part.dueOn)}
          </time>
        );
        // Two parts may fall on one day; their place in the plan tells them apart.
        return <li key={`${part.dueOn}:${index}`}>{jt`${amount} on ${day}`}</li>;
      })}
    </ul>
  );
}
