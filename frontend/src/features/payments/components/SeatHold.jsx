import { useState } from "react";
import { jt, t } from "ttag";

import { formatLocalTime } from "../../../components/ui/localTime";
import { extendHold } from "../../../api/holds";
import { formatCountdown, useCountdown } from "../../../hooks/useCountdown";

export const HOLD_EXPIRED_MESSAGE = t`The hold on your seat has expired. You can still pay if a seat is free.`;

/*
 * The seat held for this selection while the family pays, counting down to the expiry time the
 * server gave (`expiresAt`), not to a time worked out here. Once, before it expires, the family
 * may ask for ten more minutes; the new expiry goes to `onExtended` and its time is shown. Past
 * the expiry, paying still works if a seat is free, and the page says so.
 */
export function SeatHold({ selectionId, expiresAt, onExtended }) {
  const remaining = useCountdown(expiresAt);
  const [extended, setExtended] = useState(false);
  const [extending, setExtending] = useState(false);
  const [failure, setFailure] = useState("");

  async function extend() {
    setExtending(true);
    setFailure("");
    try {
      const answer = await extendHold(selectionId);
      setExtended(true);
      onExtended(answer.holdExpiresAt);
    } catch (error) {
      setFailure(error.message);
      // Already extended, or expired meanwhile: either way there is no second extension.
      if (error.status === 409) setExtended(true);
    } finally {
      setExtending(false);
    }
  }

  if (remaining === null) return null;
  if (remaining === 0) {
    return (
      <div className="alert alert-warning mb-3" role="status">
        {HOLD_EXPIRED_MESSAGE}
      </div>
    );
  }
  const timeLeft = <strong key="left">{formatCountdown(remaining)}</strong>;
  const heldUntil = formatLocalTime(expiresAt);
  return (
    <div className="alert alert-info mb-3">
      {/* A timer is not read out each second; its text is there when someone looks. */}
      <p className="mb-0" role="timer">
        {jt`Your seat is held for ${timeLeft}`}
      </p>
      {extended && !failure && (
        <p className="mb-0 mt-1" role="status">
          {t`Your seat is now held until ${heldUntil}.`}
        </p>
      )}
      {failure && (
        <p className="mb-0 mt-1 fw-semibold text-danger-emphasis" role="alert">
          {failure}
        </p>
      )}
      {!extended && (
        <button
          type="button"
          className="btn btn-primary btn-sm mt-2"
          disabled={extending}
          onClick={extend}
        >
          {t`Keep my seat longer`}
        </button>
      )}
    </div>
  );
}
