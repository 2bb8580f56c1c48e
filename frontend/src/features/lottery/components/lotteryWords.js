import { t } from "ttag";

import { formatDateTime } from "../../../components/ui/schedule";
import { LOCALE } from "../../../lib/language";

/*
 * A lottery season's words, said the same on the family's wishes page and the public draw page:
 * the window's moments, ranks and places in words a parent reads, the draw's reasons and a
 * seat's standing.
 */

// Where the season's wishes stand at `now` (ms): "before" they open, "open", "closed", or
// "unset" while the school has not set the window.
export function wishesWindow(season, now = Date.now()) {
  if (!season?.wishesOpenAt || !season?.wishesCloseAt) return "unset";
  if (now < Date.parse(season.wishesOpenAt)) return "before";
  if (now < Date.parse(season.wishesCloseAt)) return "open";
  return "closed";
}

// "Wishes close on Mon, Jun 14, 2027, 9:00 AM." and the like, for the season's window.
export function windowWords(season, now = Date.now()) {
  const state = wishesWindow(season, now);
  if (state === "unset") return t`The school has not set when wishes open yet.`;
  const opens = formatDateTime(season.wishesOpenAt);
  const closes = formatDateTime(season.wishesCloseAt);
  if (state === "before") return t`Wishes open on ${opens} and close on ${closes}.`;
  if (state === "open") return t`Wishes close on ${closes}.`;
  return t`Wishes closed on ${closes}.`;
}

// When the draw is, or that it is not set yet.
export function drawDayWords(season) {
  if (!season?.drawAt) return t`The day of the draw is not set yet.`;
  const drawAt = formatDateTime(season.drawAt);
  return t`The draw is on ${drawAt}.`;
}

/*
 * English writes an ordinal's ending by the number's last digits (1st, 2nd, 3rd, 4th, 11th,
 * 21st): each ending is a message of its own, which Spanish says alike.
 */
function englishOrdinal(number) {
  const lastTwo = number % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  return { 1: "st", 2: "nd", 3: "rd" }[number % 10] ?? "th";
}

// "Your first wish", "Your 3rd wish": the rank a child got.
export function wishWords(rank) {
  const words = {
    1: t`Your first wish`,
    2: t`Your 2nd wish`,
    3: t`Your 3rd wish`,
    4: t`Your 4th wish`,
    5: t`Your 5th wish`,
  };
  return words[rank] ?? t`Your wish number ${rank}`;
}

// "5th on the waitlist for Pottery".
export function waitlistPlaceWords(position, className) {
  switch (englishOrdinal(position)) {
    case "st":
      return t`${position}st on the waitlist for ${className}`;
    case "nd":
      return t`${position}nd on the waitlist for ${className}`;
    case "rd":
      return t`${position}rd on the waitlist for ${className}`;
    default:
      return t`${position}th on the waitlist for ${className}`;
  }
}

// "Your family was drawn 12th of 240."
export function familyPlaceWords(place, families) {
  switch (englishOrdinal(place)) {
    case "st":
      return t`Your family was drawn ${place}st of ${families}.`;
    case "nd":
      return t`Your family was drawn ${place}nd of ${families}.`;
    case "rd":
      return t`Your family was drawn ${place}rd of ${families}.`;
    default:
      return t`Your family was drawn ${place}th of ${families}.`;
  }
}

// Why a child did not get their first wish (the draw's `whyNotFirst`), or "" when they did.
export function whyNotFirstWords(why) {
  if (why === "full") {
    return t`The first wish had no seat left by your family's turn in the draw.`;
  }
  if (why === "together") {
    return t`The first wish had a seat left, but not for every child placed together, so the draw went on to their next wishes.`;
  }
  return "";
}

// Where the seat the draw gave stands: held until paid, accepted, paid, or lapsed.
export function seatWords(seat, payBy) {
  const until = payBy ? formatDateTime(payBy) : null;
  if (seat === "held") {
    return until
      ? t`The seat is held for you until ${until}. Accept and pay by then to keep it.`
      : t`The seat is held for you. Accept and pay to keep it.`;
  }
  if (seat === "accepted") {
    return until
      ? t`Accepted: pay for it on My Selected Classes by ${until}.`
      : t`Accepted: pay for it on My Selected Classes.`;
  }
  if (seat === "paid") return t`Paid: the seat is yours.`;
  if (seat === "lapsed") {
    return t`Not paid in time: the seat went to the next on the waitlist.`;
  }
  return "";
}

// A class by its id, from the season's classes: its name, or its number when it is not listed.
export function classNameOf(classesById, classId) {
  return classesById.get(classId)?.nameClass ?? t`Class ${classId}`;
}

// A person of the family by their full name.
export function personName(participant) {
  return `${participant.firstName} ${participant.lastName}`.trim();
}

const namesList = new Intl.ListFormat(LOCALE, { style: "long", type: "conjunction" });

// "Mia", "Mia and Leo", "Mia, Leo, and Noa": names in a sentence, by the language's rules.
export function namesInWords(names) {
  return namesList.format(names);
}
