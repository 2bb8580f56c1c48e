import { t } from "ttag";

// Where a waitlist entry stands, in words, for the family and for the class's instructor alike
// (said when shown, not as the module loads); a status the page does not know shows as the server
// names it.
export function waitlistStatusLabel(status) {
  const labels = {
    waiting: t`Waiting`,
    offered: t`Seat offered`,
    accepted: t`Accepted`,
    declined: t`Declined`,
    expired: t`Offer expired`,
    left: t`Left the list`,
    closed: t`Closed by the school`,
  };
  return labels[status] ?? status;
}
