import { useId } from "react";
import { Link } from "react-router-dom";
import { jt, t } from "ttag";

import { waitlistStatusLabel } from "../../../components/ui/waitlistStatus";
import { paths } from "../../../config/paths";
import { OfferCountdown } from "./OfferCountdown";
import { isOpen, positionText } from "./waitlistStatus";

const BADGES = {
  waiting: "text-bg-info",
  offered: "text-bg-success",
  accepted: "text-bg-primary",
};

/*
 * One place on a class's waitlist: the class, for whom, where it stands and what can be done.
 * An offered seat counts down to its expiry with Accept and Decline; a waiting or offered entry
 * can be left; one that ended (`rejoinable`) can join again at the back. The entry the offer
 * e-mail points to (`highlighted`) stands out. `busy` turns its buttons off while one of its
 * requests is on its way.
 */
export function WaitlistEntryCard({
  entry,
  highlighted,
  busy,
  rejoinable,
  onAccept,
  onDecline,
  onLeave,
  onRejoin,
}) {
  const titleId = useId();
  const classLink = (
    <Link key="class" to={paths.classPage(entry.classId)}>
      {entry.className}
    </Link>
  );
  const leave = isOpen(entry) && (
    <button
      type="button"
      className="btn btn-outline-danger"
      disabled={busy}
      aria-describedby={titleId}
      onClick={() => onLeave(entry)}
    >
      {t`Leave the waitlist`}
    </button>
  );
  return (
    <article
      id={`offer-${entry._id}`}
      // Reached from the offer e-mail, it takes the focus, so it is read first.
      tabIndex={-1}
      className={`card shadow-sm ${highlighted ? "border-primary border-3" : ""}`}
      aria-labelledby={titleId}
      aria-current={highlighted ? "true" : undefined}
    >
      <div className="card-body">
        <h2 className="h5 card-title" id={titleId}>
          {entry.participantName ? jt`${classLink} for ${entry.participantName}` : classLink}
        </h2>
        <p className="mb-2">
          <span className={`badge ${BADGES[entry.status] ?? "text-bg-secondary"}`}>
            {waitlistStatusLabel(entry.status)}
          </span>
          {entry.status === "waiting" && entry.position != null && (
            <span className="ms-2 fw-semibold">{positionText(entry.position)}</span>
          )}
        </p>
        {entry.status === "closed" && entry.closedReason && (
          <p className="mb-2">{entry.closedReason}</p>
        )}
        {entry.status === "offered" ? (
          <OfferCountdown expiresAt={entry.offerExpiresAt}>
            {(expired) => (
              <div className="d-flex flex-wrap gap-2">
                {!expired && (
                  <>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy}
                      aria-describedby={titleId}
                      onClick={() => onAccept(entry)}
                    >
                      {t`Accept`}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary"
                      disabled={busy}
                      aria-describedby={titleId}
                      onClick={() => onDecline(entry)}
                    >
                      {t`Decline`}
                    </button>
                  </>
                )}
                {leave}
              </div>
            )}
          </OfferCountdown>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {leave}
            {entry.status === "accepted" && entry.selectionId != null && (
              <Link className="btn btn-primary" to={paths.dashboard.payment(entry.selectionId)}>
                {t`Pay for the seat`}
              </Link>
            )}
            {rejoinable && (
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={busy}
                aria-describedby={titleId}
                onClick={() => onRejoin(entry)}
              >
                {t`Join again`}
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
