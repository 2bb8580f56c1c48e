import { count } from "../../../components/cards/opensIn";

/*
 * The server's estimate of the wait, in whole minutes as a person says them: "less than a
 * minute", "about 4 minutes", "about 1 hour 20 minutes". Null when there is no estimate yet.
 */
export function waitInWords(seconds) {
  if (seconds == null) return null;
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `about ${count(minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${count(hours, "hour")}${rest ? ` ${count(rest, "minute")}` : ""}`;
}
