import { t } from "ttag";

import { formatDateTime } from "../ui/schedule";
import { opensInWords } from "./opensIn";

const EARLY_ACCESS = t`Early access for your family`;

/*
 * How long until registration for a class's season opens for this family (`opens`, as
 * selectAvailability gives it: {at, left, earlyAccess}), beside its Select button; nothing when
 * it is not ahead. The class page says it in full, with the moment in the school's time; a card,
 * `compact`, in a few words. The page's clock moves `left` on (hooks/useCountdownClock). The
 * ticking words are not read out as they change (aria-live off): a screen reader hears them with
 * the Opens soon button they describe.
 */
export function RegistrationCountdown({ opens, compact = false }) {
  if (!opens) return null;
  const earlyAccess = opens.earlyAccess && (
    <span className="d-block small fw-semibold text-success-emphasis">{EARLY_ACCESS}</span>
  );
  if (compact) {
    const left = opensInWords(opens.left, { compact: true });
    return (
      <p className="mb-0">
        <span role="timer" aria-live="off" className="fw-semibold">
          {t`Opens in ${left}`}
        </span>
        {earlyAccess}
      </p>
    );
  }
  const left = opensInWords(opens.left);
  return (
    <p className="mb-2">
      <span role="timer" aria-live="off" className="d-block fw-semibold">
        {t`Registration opens in ${left}`}
      </span>
      <time className="d-block text-body-secondary" dateTime={opens.at}>
        {formatDateTime(opens.at)}
      </time>
      {earlyAccess}
    </p>
  );
}
