import useSWR from "swr";

/*
 * GET /cart: the family's selected classes priced together, as one checkout of them all would
 * price them (the sibling and multi-class discounts worked out across the lines), before a promo
 * code or account credit: {count, total, lines: [{selectionId, classId, className,
 * participantId, participantName, listPrice, adjustments, price}]}. The price is the server's,
 * never worked out here. Whatever adds or removes a selection asks for it again (cartKey).
 */

export const cartKey = "/cart";

// Asked only for a signed-in family (`enabled`): visitors and staff have no cart.
export function useCart(enabled) {
  return useSWR(enabled ? cartKey : null);
}
