/*
 * The size budget of the built app (`make test-bundle`, after the build): what every public page
 * downloads on first load, and what it must never carry.
 * Run: node --test scripts/bundle-budget.test.js
 */
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");

const { bundleReport, DIST } = require("./bundle-report");

// About 10% above the measured first load (138.0 KiB JS, 30.9 KiB CSS gzip, November 2025):
// growing past it should be a decision, not an accident.
const FIRST_LOAD_JS_BUDGET = 152 * 1024;
const FIRST_LOAD_CSS_BUDGET = 34 * 1024;

// Strings only the payment page (Stripe) and the dashboard contain.
const NOT_ON_PUBLIC_PAGES = ["js.stripe.com", "confirmCardSetup", "Open Dashboard Menu"];

const report = bundleReport();

test("the public first load stays within its gzip budget", () => {
  assert.ok(
    report.firstLoad.jsGzip <= FIRST_LOAD_JS_BUDGET,
    `first-load JS is ${report.firstLoad.jsGzip} bytes gzip, budget ${FIRST_LOAD_JS_BUDGET}`,
  );
  assert.ok(
    report.firstLoad.cssGzip <= FIRST_LOAD_CSS_BUDGET,
    `first-load CSS is ${report.firstLoad.cssGzip} bytes gzip, budget ${FIRST_LOAD_CSS_BUDGET}`,
  );
});

test("the public first load carries no Stripe and no dashboard code", () => {
  for (const file of report.firstLoad.files) {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    for (const needle of NOT_ON_PUBLIC_PAGES) {
      assert.ok(!source.includes(needle), `${file} contains "${needle}"`);
    }
  }
});

test("the payment page and the dashboard are lazy chunks of their own", () => {
  const chunks = Object.fromEntries(report.lazyRoutes.map((route) => [route.chunk, route]));
  assert.ok(chunks.payment, "no payment chunk: check webpackChunkName in src/app/router.jsx");
  assert.ok(chunks.dashboard, "no dashboard chunk: check webpackChunkName in src/app/router.jsx");
  const payment = chunks.payment.files
    .map((file) => fs.readFileSync(path.join(DIST, file), "utf8"))
    .join("\n");
  assert.ok(payment.includes("js.stripe.com"), "the payment page's chunks lost Stripe's loader");
});
