/*
 * The heading typeface of the built app (after the build, like bundle-budget.test.js): one
 * self-hosted face, served from the bundle's own folder as a Latin-only woff2, declared with
 * font-display: swap so headings show in the fallback face at once rather than waiting for it.
 * Run: node --test scripts/heading-typeface.test.js
 */
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");

const { bundleReport, DIST } = require("./bundle-report");

const FAMILY = "Bricolage Grotesque";

const report = bundleReport();
const css = report.firstLoad.files
  .filter((file) => file.endsWith(".css"))
  .map((file) => fs.readFileSync(path.join(DIST, file), "utf8"))
  .join("\n");
const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map(([, body]) => body);
const headingFaces = faces.filter((body) => body.includes(FAMILY));

function sources(face) {
  return [...face.matchAll(/url\(([^)]+)\)\s*format\(["']?([\w-]+)["']?\)/g)].map(
    ([, url, format]) => ({ url: url.replace(/["']/g, ""), format }),
  );
}

test("the first-load stylesheet declares exactly one face of the heading typeface", () => {
  assert.equal(headingFaces.length, 1, `faces of ${FAMILY}: ${headingFaces.length}`);
  assert.equal(faces.length, 1, "no other web font is declared on the first load");
});

test("the face swaps in: the headings never wait for it to load", () => {
  assert.match(headingFaces[0], /font-display:\s*swap/);
});

test("the face is a Latin-only woff2 served from the bundle's own folder", () => {
  const [first, ...fallbacks] = sources(headingFaces[0]);
  assert.equal(first.format, "woff2", "browsers take the first source they support");
  for (const { url } of [first, ...fallbacks]) {
    assert.match(url, /^\/static\/dist\/[\w.-]+$/, `${url} is not self-hosted`);
    assert.match(url, /-latin-\d+-normal\./, `${url} is not the Latin subset`);
    assert.ok(fs.existsSync(path.join(DIST, path.basename(url))), `${url} was not built`);
  }
});

test("headings are set in it, with the system's face to fall back on", () => {
  const heading = css.match(/\bh1,[^{]*\{[^}]*font-family:([^;}]+)/);
  assert.ok(heading, "no font-family rule for the headings");
  assert.match(heading[1], new RegExp(`^"?${FAMILY}"?,.*system-ui`));
});
