import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";

import { paths } from "../config/paths";

/*
 * Opens one checkout of several selected classes ({classId, participantId} each, with `units`
 * and `extendedCare` for a class sold by the week or the day) and goes to its page, where they
 * are paid together; until then `posting`, and a refusal (a class that can no longer be held,
 * named by the server) is kept in `refusal` and is what the call answers (null once the checkout
 * opened), for a form that shows it itself. The checkout's module is loaded on the first press:
 * the cart's bar is on every page, and most pages never open a checkout.
 */
export function useCheckOutTogether() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [posting, setPosting] = useState(false);
  const [refusal, setRefusal] = useState(null);

  const checkOutTogether = useCallback(
    async (items) => {
      setPosting(true);
      setRefusal(null);
      try {
        const { checkoutKey, openCheckout } = await import(
          /* webpackChunkName: "open-checkout" */ "../api/checkouts"
        );
        const checkout = await openCheckout({ items });
        // The checkout page shows this answer before asking again.
        await mutate(checkoutKey(checkout.id), checkout, { revalidate: false });
        navigate(paths.dashboard.checkout(checkout.id));
        return null;
      } catch (error) {
        setRefusal(error);
        setPosting(false);
        return error;
      }
    },
    [mutate, navigate],
  );

  return { checkOutTogether, posting, refusal };
}
