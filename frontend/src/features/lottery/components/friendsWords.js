import { c, msgid, ngettext, t } from "ttag";

import { namesInWords } from "./lotteryWords";

/*
 * The family's pair of friends in the draw (the wishes' `friends`), in sentences: both sides'
 * children by first name, as the server names the other family's.
 */

// Our children named in the pair, by first name, in the family's order.
export function ourChildrenWords(people, childIds) {
  const names = childIds.map((id) => {
    const person = people.find((candidate) => candidate._id === id);
    return person ? person.firstName : t`A child of your family`;
  });
  return namesInWords(names);
}

// The pair as it stands while the wishes are open; `wishing` is how many of ours have wishes.
export function friendsStandingWords(friends, people, wishing) {
  const familyName = friends.familyName;
  const theirs = namesInWords(friends.theirChildren);
  const ours = ourChildrenWords(people, friends.childIds);
  if (friends.status === "asked") {
    return t`You asked ${familyName} to be placed together with ${ours}. Waiting for them to say yes.`;
  }
  if (friends.status === "invited") {
    return ngettext(
      msgid`${familyName} asks to have ${theirs} placed with your child.`,
      `${familyName} asks to have ${theirs} placed with your children.`,
      wishing,
    );
  }
  return t`${ours} will be placed with ${familyName}'s ${theirs}, together or not at all.`;
}

// A confirmed pair once the wishes have closed, to read.
export function friendsPlacedWords(friends, people) {
  const familyName = friends.familyName;
  const theirs = namesInWords(friends.theirChildren);
  const ours = ourChildrenWords(people, friends.childIds);
  return t`Placed with friends: ${ours} with ${familyName}'s ${theirs}, together or not at all.`;
}

// Withdraw reads differently in Spanish for a request still waiting and for a pair made.
export function withdrawWords(status) {
  return status === "asked" ? c("friends asked").t`Withdraw` : c("friends confirmed").t`Withdraw`;
}
