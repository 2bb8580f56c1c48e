/*
 * The browser app's messages and their translations. Every t`...`, jt`...` and ngettext(...) in
 * src/ is read out (babel-plugin-ttag's extraction) and held against each language's catalogue
 * in locales/<language>.po, which the build puts into that language's bundle.
 *
 *   node scripts/messages.js          lists what each catalogue lacks; fails when anything does
 *   node scripts/messages.js --write  adds each new message, untranslated, and drops the ones the
 *                                      code no longer says; then translate the empty entries
 */
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const babel = require("@babel/core");
const { po } = require("gettext-parser");

const ROOT = path.resolve(__dirname, "..");
const SOURCES = path.join(ROOT, "src");
const LOCALES = path.join(ROOT, "locales");
const TRANSLATED_LANGUAGES = ["es"];

function sourceFiles(folder = SOURCES) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(full);
    return /\.jsx?$/.test(entry.name) && !/\.test\.jsx?$/.test(entry.name) ? [full] : [];
  });
}

// A message said in a context of its own (c("class status").t`Approved`) is a message apart: one
// English word may need two Spanish ones (a class "Aprobada", classes "Aprobadas"). Such a message
// is keyed by its context and msgid, as gettext joins them.
const CONTEXT_END = "\u0004";

function keyOf(entry) {
  return entry.msgctxt ? `${entry.msgctxt}${CONTEXT_END}${entry.msgid}` : entry.msgid;
}

// A catalogue's entries in one map by key, the header left out.
function entriesOf(catalogue) {
  const entries = {};
  for (const messages of Object.values(catalogue.translations ?? {})) {
    for (const entry of Object.values(messages)) {
      if (entry.msgid || entry.msgctxt) entries[keyOf(entry)] = entry;
    }
  }
  return entries;
}

// Every message the code says, keyed by context and msgid, each with its plural form if it has
// one.
function extractMessages() {
  const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "camp-messages-")), "app.pot");
  const plugin = [
    require.resolve("babel-plugin-ttag"),
    { extract: { output, location: "file" }, sortByMsgid: true },
  ];
  for (const file of sourceFiles()) {
    babel.transformFileSync(file, { cwd: ROOT, plugins: [plugin], code: false });
  }
  if (!fs.existsSync(output)) return {};
  return entriesOf(po.parse(fs.readFileSync(output)));
}

function catalogueOf(language) {
  return po.parse(fs.readFileSync(path.join(LOCALES, `${language}.po`)));
}

const translated = (entry) => entry.msgstr.length > 0 && entry.msgstr.every((text) => text.trim());

// What a language's catalogue lacks: messages missing or untranslated, and entries no code says.
function catalogueProblems(messages, catalogue) {
  const entries = entriesOf(catalogue);
  const missing = Object.keys(messages).filter((id) => !entries[id]);
  const untranslated = Object.keys(messages).filter(
    (id) => entries[id] && !translated(entries[id]),
  );
  const unused = Object.keys(entries).filter((id) => !messages[id]);
  const pluralWrong = Object.keys(messages).filter(
    (id) => entries[id] && Boolean(messages[id].msgid_plural) !== Boolean(entries[id].msgid_plural),
  );
  return { missing, untranslated, unused, pluralWrong };
}

function catalogueWrite(language, messages, catalogue) {
  const entries = entriesOf(catalogue);
  const next = { "": { "": catalogue.translations[""][""] } };
  for (const key of Object.keys(messages).sort()) {
    const known = entries[key];
    const message = messages[key];
    const context = message.msgctxt ?? "";
    next[context] ??= {};
    next[context][message.msgid] = {
      ...message,
      msgstr: known && translated(known) ? known.msgstr : message.msgid_plural ? ["", ""] : [""],
    };
  }
  catalogue.translations = next;
  fs.writeFileSync(path.join(LOCALES, `${language}.po`), po.compile(catalogue, { foldLength: 0 }));
}

function main() {
  const messages = extractMessages();
  let failed = false;
  for (const language of TRANSLATED_LANGUAGES) {
    const catalogue = catalogueOf(language);
    if (process.argv.includes("--write")) {
      catalogueWrite(language, messages, catalogue);
      continue;
    }
    for (const [problem, ids] of Object.entries(catalogueProblems(messages, catalogue))) {
      if (!ids.length) continue;
      failed = true;
      const named = ids.map((id) => `  ${id.replace(CONTEXT_END, " | ")}`);
      console.error(`${language}.po, ${problem}:\n${named.join("\n")}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

if (require.main === module) main();

module.exports = { catalogueOf, catalogueProblems, extractMessages, TRANSLATED_LANGUAGES };
