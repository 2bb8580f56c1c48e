import { msgid, ngettext, t } from "ttag";

/*
 * What the school still needs before a child's first class, as the server names it (a care
 * record's `missing`, checkout's 409 `care_incomplete`, or a row of GET /care/missing):
 *   record             the record was never filled in
 *   confirmation       filled in long ago: to be confirmed as still correct
 *   emergencyContacts  fewer emergency contacts than the school asks for
 *   photoConsent       photo consent not answered
 *   actionPlan         a severe allergy without an allergy action plan on file, or with an
 *                      expired one (uploaded under the record's Documents)
 *   policy:<slug>      a school policy to accept
 * In words two ways: missingInWords, a sentence's worth for the family ("Mia's care record",
 * "the liability waiver"), and missingInShort, a few words for the admins' table ("care record",
 * "liability waiver").
 */

export const POLICY_PREFIX = "policy:";

// Items the care record form settles (saving it also confirms it).
export const RECORD_ITEMS = ["record", "emergencyContacts", "photoConsent"];

export function isPolicyItem(item) {
  return item.startsWith(POLICY_PREFIX);
}

export function policySlugOf(item) {
  return item.slice(POLICY_PREFIX.length);
}

// "Liability waiver" -> "liability waiver"; an initialism ("CPR form") keeps its capitals.
export function inSentence(title) {
  if (/^[A-Z][a-z]/.test(title)) return title[0].toLowerCase() + title.slice(1);
  return title;
}

/*
 * One item in words. `whose` names the record's person ("Mia's", "your"; careWho.js);
 * `policies` are the school's policies (GET /policies), for their titles;
 * `emergencyContactsRequired` is how many contacts the school asks for.
 */
export function missingInWords(item, { whose, policies = [], emergencyContactsRequired } = {}) {
  if (isPolicyItem(item)) {
    const slug = policySlugOf(item);
    const policy = (policies ?? []).find((candidate) => candidate.slug === slug);
    const policyName = policy ? inSentence(policy.title) : slug.replace(/-/g, " ");
    return t`the ${policyName}`;
  }
  switch (item) {
    case "record":
      return whose ? t`${whose} care record` : t`the care record`;
    case "confirmation":
      return whose
        ? t`a check that ${whose} care record is still correct`
        : t`a check that the care record is still correct`;
    case "emergencyContacts":
      if (!emergencyContactsRequired) return t`more emergency contacts`;
      return ngettext(
        msgid`${emergencyContactsRequired} emergency contact`,
        `${emergencyContactsRequired} emergency contacts`,
        emergencyContactsRequired,
      );
    case "photoConsent":
      return t`photo consent`;
    case "actionPlan":
      return t`an allergy action plan on file that has not expired`;
    default:
      return item;
  }
}

// The short form, for the admins' table of missing care records: no person, no policy titles.
const SHORT_WORDS = {
  record: t`care record`,
  confirmation: t`confirmation that the record is still correct`,
  emergencyContacts: t`emergency contacts`,
  photoConsent: t`photo consent`,
  actionPlan: t`allergy action plan`,
};

// "policy:liability-waiver" reads "liability waiver"; an item this page does not know, as is.
export function missingInShort(item) {
  if (Object.hasOwn(SHORT_WORDS, item)) return SHORT_WORDS[item];
  if (isPolicyItem(item)) return policySlugOf(item).replace(/[-_]+/g, " ").trim();
  return item;
}
