import { t } from "ttag";

/*
 * How care pages name the person a record is for: a child by first name ("Mia", "Mia's"), the
 * account holder as "you" ("your"). `participant` is one of GET /participants (or null while
 * unknown: "your child"). A sentence takes these words whole (t`${who.Whose} care record`), so
 * each language says them as its sentences need: in Spanish the person after "de" ("de Mia",
 * "de usted"). `self` is the account holder.
 */
export function careWho(participant) {
  if (participant?.isAccountHolder) {
    return { name: t`you`, whose: t`your`, Whose: t`Your`, self: true };
  }
  const first = (participant?.firstName ?? "").trim() || (participant?.lastName ?? "").trim();
  if (!first) {
    return { name: t`your child`, whose: t`your child's`, Whose: t`Your child's` };
  }
  return { name: first, whose: t`${first}'s`, Whose: t`${first}'s` };
}

export function capitalised(words) {
  return words ? words[0].toUpperCase() + words.slice(1) : words;
}

// The family's other children, whose records a child's may copy people from.
export function siblingsOf(participants, participantId) {
  return (participants ?? [])
    .filter((person) => !person.isAccountHolder && String(person._id) !== String(participantId))
    .map((person) => ({ participantId: person._id, name: careWho(person).name }));
}
