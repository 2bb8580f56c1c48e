/*
 * How care pages name the person a record is for: a child by first name ("Mia", "Mia's"), the
 * account holder as "you" ("your"). `participant` is one of GET /participants (or null while
 * unknown: "your child").
 */
export function careWho(participant) {
  if (participant?.isAccountHolder) return { name: "you", whose: "your", Whose: "Your" };
  const first = (participant?.firstName ?? "").trim() || (participant?.lastName ?? "").trim();
  if (!first) return { name: "your child", whose: "your child's", Whose: "Your child's" };
  return { name: first, whose: `${first}'s`, Whose: `${first}'s` };
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
