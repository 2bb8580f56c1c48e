import { formatLocalDateTime } from "../../../components/ui/localTime";
import { formatCountdown, useCountdown } from "../../../hooks/useCountdown";

/*
 * How long an offered seat stays held: until when, and the time left, from the expiry the
 * server sent. `children(expired)` draws what depends on it (Accept stays only while it runs).
 */
export function OfferCountdown({ expiresAt, children }) {
  const remaining = useCountdown(expiresAt);
  const expired = remaining === 0;
  return (
    <>
      {expiresAt && !expired && (
        <p className="mb-2">
          A seat is held until <strong>{formatLocalDateTime(expiresAt)}</strong>{" "}
          <span role="timer">({formatCountdown(remaining)} left)</span>
        </p>
      )}
      {expired && <p className="mb-2 text-danger-emphasis">This offer has expired.</p>}
      {children(expired)}
    </>
  );
}
