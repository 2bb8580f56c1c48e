import { jt, t } from "ttag";

import { formatLocalDateTime } from "../../../components/ui/localTime";
import { formatCountdown, useCountdown } from "../../../hooks/useCountdown";

/*
 * How long an offered seat stays held: until when, and the time left, from the expiry the
 * server sent. `children(expired)` draws what depends on it (Accept stays only while it runs).
 */
export function OfferCountdown({ expiresAt, children }) {
  const remaining = useCountdown(expiresAt);
  const expired = remaining === 0;
  const left = formatCountdown(remaining);
  const until = <strong key="until">{formatLocalDateTime(expiresAt)}</strong>;
  const timer = (
    <span key="timer" role="timer">
      {t`(${left} left)`}
    </span>
  );
  return (
    <>
      {expiresAt && !expired && (
        <p className="mb-2">{jt`A seat is held until ${until} ${timer}`}</p>
      )}
      {expired && <p className="mb-2 text-danger-emphasis">{t`This offer has expired.`}</p>}
      {children(expired)}
    </>
  );
}
