import { msgid, ngettext, t } from "ttag";

// How soon the class first meets: "today", "tomorrow", "in 5 days".
export function daysInWords(days) {
  if (days <= 0) return t`today`;
  if (days === 1) return t`tomorrow`;
  return ngettext(msgid`in ${days} day`, `in ${days} days`, days);
}
