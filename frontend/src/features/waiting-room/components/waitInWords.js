import { msgid, ngettext, t } from "ttag";

/*
 * The server's estimate of the wait, in whole minutes as a person says them: "less than a
 * minute", "about 4 minutes", "about 1 hour 20 minutes". Null when there is no estimate yet.
 */
export function waitInWords(seconds) {
  if (seconds == null) return null;
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 1) return t`less than a minute`;
  if (minutes < 60)
    return ngettext(msgid`about ${minutes} minute`, `about ${minutes} minutes`, minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!rest) return ngettext(msgid`about ${hours} hour`, `about ${hours} hours`, hours);
  const hoursPart = ngettext(msgid`${hours} hour`, `${hours} hours`, hours);
  const minutesPart = ngettext(msgid`${rest} minute`, `${rest} minutes`, rest);
  return t`about ${hoursPart} ${minutesPart}`;
}
