import { msgid, ngettext } from "ttag";

// "1 day", "3 hours".
export function count(number, unit) {
  return `${number} ${unit}${number === 1 ? "" : "s"}`;
}

// Each unit of the countdown, in the reader's language and number.
const UNITS = {
  second: (n) => ngettext(msgid`${n} second`, `${n} seconds`, n),
  minute: (n) => ngettext(msgid`${n} minute`, `${n} minutes`, n),
  hour: (n) => ngettext(msgid`${n} hour`, `${n} hours`, n),
  day: (n) => ngettext(msgid`${n} day`, `${n} days`, n),
};

function said(number, unit) {
  return UNITS[unit](number);
}

/*
 * The time until registration opens, `left` ms away, as its countdown says it: "2 days 3 hours",
 * under a day "3 hours 12 minutes" or "12 minutes", in the last minute "42 seconds"; `compact`,
 * the largest part alone ("2 days"). Rounded up to the whole minute (the whole second in the
 * last minute), so it never says none is left before the moment, and its words change only where
 * the page's clock steps (hooks/useCountdownClock).
 */
export function opensInWords(left, { compact = false } = {}) {
  const seconds = Math.ceil(Math.max(0, left) / 1000);
  if (seconds < 60) return said(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const minutesOfHour = minutes % 60;
  let parts;
  if (days > 0) {
    parts = [said(days, "day"), hours > 0 && said(hours, "hour")];
  } else if (hours > 0) {
    parts = [said(hours, "hour"), minutesOfHour > 0 && said(minutesOfHour, "minute")];
  } else {
    parts = [said(minutes, "minute")];
  }
  return compact ? parts[0] : parts.filter(Boolean).join(" ");
}
