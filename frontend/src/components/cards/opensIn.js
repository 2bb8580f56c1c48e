// "1 day", "3 hours".
export function count(number, unit) {
  return `${number} ${unit}${number === 1 ? "" : "s"}`;
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
  if (seconds < 60) return count(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const minutesOfHour = minutes % 60;
  let said;
  if (days > 0) {
    said = [count(days, "day"), hours > 0 && count(hours, "hour")];
  } else if (hours > 0) {
    said = [count(hours, "hour"), minutesOfHour > 0 && count(minutesOfHour, "minute")];
  } else {
    said = [count(minutes, "minute")];
  }
  return compact ? said[0] : said.filter(Boolean).join(" ");
}
