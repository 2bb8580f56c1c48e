import { makePolicy } from "../../testing/careFixtures";
import { missingInShort, missingInWords } from "./missingItems";

const policies = [
  makePolicy(),
  makePolicy({ _id: 2, slug: "photo-policy", title: "Photo policy" }),
];

test.each([
  ["record", "Mia's care record"],
  ["confirmation", "a check that Mia's care record is still correct"],
  ["emergencyContacts", "2 emergency contacts"],
  ["photoConsent", "photo consent"],
  ["actionPlan", "an allergy action plan on file that has not expired"],
  ["policy:liability-waiver", "the liability waiver"],
  ["policy:photo-policy", "the photo policy"],
  // A policy the page has not loaded yet is named by its slug.
  ["policy:code-of-conduct", "the code of conduct"],
])("%s reads as %p", (item, words) => {
  expect(missingInWords(item, { whose: "Mia's", policies, emergencyContactsRequired: 2 })).toBe(
    words,
  );
});

test("one contact, or a number the page does not know yet", () => {
  expect(missingInWords("emergencyContacts", { emergencyContactsRequired: 1 })).toBe(
    "1 emergency contact",
  );
  expect(missingInWords("emergencyContacts", {})).toBe("more emergency contacts");
});

test("an initialism in a policy's title keeps its capitals", () => {
  const cpr = makePolicy({ slug: "cpr-form", title: "CPR form" });
  expect(missingInWords("policy:cpr-form", { policies: [cpr] })).toBe("the CPR form");
});

// The admins' table: a few words each, a policy by its slug, an item it does not know as is.
test.each([
  ["record", "care record"],
  ["confirmation", "confirmation that the record is still correct"],
  ["emergencyContacts", "emergency contacts"],
  ["photoConsent", "photo consent"],
  ["actionPlan", "allergy action plan"],
  ["policy:liability-waiver", "liability waiver"],
  ["policy:code-of-conduct", "code of conduct"],
  ["somethingNew", "somethingNew"],
])("in short, %s is missing: %s", (item, words) => {
  expect(missingInShort(item)).toBe(words);
});
