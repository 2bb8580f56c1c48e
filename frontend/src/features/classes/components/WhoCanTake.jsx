import { t } from "ttag";

import { hasKnownChoices } from "./selectRules";

/*
 * Each participant of the family and whether they can take the class, or why not, before anyone
 * presses Select (`choices` from selectAvailability), or, with no seat free, whether they can join
 * the waitlist. Only the participants something is known about are listed: nobody, until the
 * server answers or someone joins the waitlist.
 */
export function WhoCanTake({ choices, className = "" }) {
  if (!hasKnownChoices(choices)) return null;
  return (
    <ul className={`list-unstyled small mb-0 ${className}`} aria-label={t`Who can take this class`}>
      {choices
        .filter((choice) => choice.known)
        .map((choice) => (
          <li key={choice.participant._id}>
            <span className="fw-semibold">{choice.label}:</span>{" "}
            {choice.canTake && (
              <span className="text-success-emphasis">{t`Can take this class`}</span>
            )}
            {!choice.canTake && choice.canJoinWaitlist && (
              <span className="text-success-emphasis">{t`Can join the waitlist`}</span>
            )}
            {!choice.canTake && !choice.canJoinWaitlist && (
              <span className="text-warning-emphasis">{choice.reason}</span>
            )}
          </li>
        ))}
    </ul>
  );
}
