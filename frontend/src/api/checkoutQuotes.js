import useSWR from "swr";

import { api } from "../lib/api";

/*
 * POST /checkouts/quote: what a checkout of these items would cost, priced by the checkout's own
 * pricing (the season's rules across the lines: sibling, multi-class, multi-week, a week of
 * extended care), with nothing held: {total, lines: [{classId, className, participantId,
 * participantName, listPrice, adjustments, price, unitOf, unitLabel, extendedCareId}]}, one line
 * for each unit and each day of extended care. Items are the checkout's ({classId, participantId,
 * units, extendedCare}); the total is before a promo code or account credit.
 */

const quotePath = "/checkouts/quote";

export function quoteCheckout(items) {
  return api.post(quotePath, { items });
}

/*
 * The quote of `items` while there are any (undefined until the first answer); the last answer
 * stays in place while the next is asked, so a running total does not flicker at each tick. A
 * refusal (a unit no longer open to the child) is `error`; the checkout says why when opened.
 */
export function useCheckoutQuote(items) {
  const body = items?.length ? JSON.stringify(items) : null;
  return useSWR(body ? [quotePath, body] : null, () => quoteCheckout(items), {
    keepPreviousData: true,
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
