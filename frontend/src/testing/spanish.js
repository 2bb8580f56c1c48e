/*
 * Jest runs the app's source, which speaks English; these switch ttag's messages to the Spanish
 * catalogue the Spanish build puts into its bundle (locales/es.po), for a test that reads a part
 * in Spanish. A module's messages said at import time (a list of links) keep the language they
 * were imported in: import such a module after speakSpanish(), inside jest.isolateModules.
 * Without the build's babel plugin, ttag finds a message by its placeholders' places, not their
 * names: two messages that differ only in their placeholders' names share one Spanish here.
 */
const fs = require("node:fs");
const path = require("node:path");

const { po } = require("gettext-parser");
// Named apart from React's hooks, which ttag's locale switch is not.
const { addLocale, useLocale: localeSet } = require("ttag");

const CATALOGUE = path.join(__dirname, "../../locales/es.po");

export function speakSpanish() {
  addLocale("es", po.parse(fs.readFileSync(CATALOGUE)));
  localeSet("es");
}

export function speakEnglish() {
  localeSet("en");
}
