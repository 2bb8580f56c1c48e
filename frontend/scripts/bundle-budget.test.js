/*
 * The size budget of the built app (`make test-bundle`, after the build): what every public page
 * downloads on first load, and what it must never carry (Stripe, the dashboard, and for a visitor
 * of /, /all-instructors and /all-classes, Firebase).
 * Run: node --test scripts/bundle-budget.test.js
 */
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");

const { bundleReport, DIST, FIREBASE_CHUNK } = require("./bundle-report");

// About 10% above the measured first load (127.8 KiB JS, 28.2 KiB CSS gzip, November 2026, once
// the sign-in forms left it and Bootstrap was built from its sources with the school's theme):
// growing past it should be a decision, not an accident.
const FIRST_LOAD_JS_BUDGET = 140 * 1024;
const FIRST_LOAD_CSS_BUDGET = 31 * 1024;
// /login, /register and /forgot-password wait for their own chunk and the form libraries
// (Formik, yup) it shares with the dashboard's forms: 155.1 KiB measured in November 2026.
const SIGN_IN_FIRST_RENDER_JS_BUDGET = 160 * 1024;

// Strings only the payment page (Stripe) and the dashboard contain.
const NOT_ON_PUBLIC_PAGES = ["js.stripe.com", "confirmCardSetup", "Open Dashboard Menu"];
// The Firebase Auth SDK's own endpoints: only its code names them.
const FIREBASE_SDK = ["identitytoolkit.googleapis.com", "securetoken.googleapis.com"];
// The pages a visitor browses without signing in; their first load must not include Firebase.
const VISITOR_PAGES = ["/", "/all-instructors", "/all-classes"];

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

test("each public page's first render, its own lazy chunk included, stays within the budget", () => {
  for (const page of report.publicRoutes) {
    const budget = VISITOR_PAGES.includes(page.route)
      ? FIRST_LOAD_JS_BUDGET
      : SIGN_IN_FIRST_RENDER_JS_BUDGET;
    assert.ok(
      page.firstRender.jsGzip <= budget,
      `${page.route} needs ${page.firstRender.jsGzip} bytes gzip of JS before it shows, ` +
        `budget ${budget}`,
    );
  }
});

test("a visitor who only browses never downloads the form libraries", () => {
  for (const route of VISITOR_PAGES) {
    const page = report.publicRoutes.find((entry) => entry.route === route);
    const code = contentOf(page.visitor.files);
    // Formik's option name and yup's default message: only their code carries them.
    for (const needle of ["validateOnBlur", "${path} is a required field"]) {
      assert.ok(!code.includes(needle), `a visitor's ${route} carries "${needle}"`);
    }
  }
  const signIn = report.publicRoutes.find((entry) => entry.route === "/login");
  assert.ok(signIn.firstRender.files.length > report.firstLoad.files.length, "/login is not lazy");
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

function contentOf(files) {
  return files.map((file) => fs.readFileSync(path.join(DIST, file), "utf8")).join("\n");
}

test("Firebase is a chunk of its own, holding the SDK", () => {
  assert.ok(
    report.firebase,
    `no ${FIREBASE_CHUNK} chunk: check webpackChunkName in src/lib/firebase.js`,
  );
  const sdk = contentOf(report.firebase.files);
  for (const needle of FIREBASE_SDK) assert.ok(sdk.includes(needle), `the chunk lacks "${needle}"`);
});

test("a visitor's first load of /, /all-instructors and /all-classes carries no Firebase", () => {
  const [firebaseFile] = report.firebase.files;
  for (const route of VISITOR_PAGES) {
    const page = report.publicRoutes.find((entry) => entry.route === route);
    assert.ok(page, `${route} is missing from the report`);
    assert.equal(page.visitorFirebase, false, `a visitor's ${route} downloads Firebase`);
    assert.ok(!page.visitor.files.includes(firebaseFile), `${route} lists ${firebaseFile}`);
    const code = contentOf(page.visitor.files);
    for (const needle of FIREBASE_SDK) {
      assert.ok(!code.includes(needle), `a visitor's ${route} carries Firebase ("${needle}")`);
    }
  }
});
