import { Link, useLocation } from "react-router-dom";
import { t } from "ttag";

import { useCart } from "../../api/cart";
import { paths } from "../../config/paths";
import { useCheckOutTogether } from "../../hooks/useCheckOutTogether";
import { useAuth } from "../../lib/auth";

// The bar's own height, kept free below the page so that it never covers the page's end.
const ROOM = "4.5rem";

// The pages that are the cart already: My Selected Classes leads with its Check out, and a
// checkout is the one the bar would open.
function isCartPage(pathname) {
  return (
    pathname === paths.dashboard.mySelectedClasses ||
    pathname.startsWith(`${paths.dashboard.root}/checkout/`)
  );
}

// "$192" for whole dollars, "$192.50" otherwise: the bar is short, and cents rarely matter.
export function formatCartTotal(total) {
  const cents = Math.round(Number(total) * 100);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return cents % 100 === 0 ? `$${dollars}` : `$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/*
 * The family's cart on every page: how many classes are selected and what one checkout of them
 * all costs, as the server prices it (GET /cart), and a button that opens that checkout. Nothing
 * for visitors, staff, or a family with nothing selected.
 */
export function CartBar() {
  const { user, role } = useAuth();
  const { pathname } = useLocation();
  const { data: cart } = useCart(Boolean(user) && role === "student");
  const { checkOutTogether, posting, refusal } = useCheckOutTogether();
  if (!cart || cart.count === 0 || isCartPage(pathname)) return null;

  const total = formatCartTotal(cart.total);
  const items = cart.lines.map(({ classId, participantId }) => ({ classId, participantId }));
  return (
    <>
      <div style={{ height: ROOM }} aria-hidden="true" />
      <section
        className="cart-bar fixed-bottom border-top bg-body shadow-lg"
        aria-label={t`Your cart`}
      >
        <div className="container d-flex flex-wrap align-items-center justify-content-end gap-2 py-2">
          {refusal && (
            <p className="small text-danger-emphasis mb-0 me-auto" role="alert">
              {refusal.message}{" "}
              <Link to={paths.dashboard.mySelectedClasses}>{t`See my selected classes`}</Link>
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={posting}
            aria-busy={posting || undefined}
            onClick={() => checkOutTogether(items)}
          >
            {t`Checkout (${cart.count}) · ${total}`}
          </button>
        </div>
      </section>
    </>
  );
}
