/*
 * Every message of the browser app has its translation in every language the site speaks, and
 * no catalogue keeps a message the code no longer says (scripts/messages.js explains the steps).
 * Run: node --test scripts/messages.test.js
 */
const assert = require("node:assert/strict");
const test = require("node:test");

const {
  catalogueOf,
  catalogueProblems,
  extractMessages,
  TRANSLATED_LANGUAGES,
} = require("./messages");

const messages = extractMessages();

test("the app's code says its words through the message functions", () => {
  assert.ok(Object.keys(messages).length > 0, "no t`...` message found in src/");
});

for (const language of TRANSLATED_LANGUAGES) {
  test(`every message has its ${language} translation, and no other`, () => {
    const problems = catalogueProblems(messages, catalogueOf(language));
    assert.deepEqual(problems, { missing: [], untranslated: [], unused: [], pluralWrong: [] });
  });
}
