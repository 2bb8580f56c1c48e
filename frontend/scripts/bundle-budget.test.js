/*
 * The size budget of the built app (`make test-bundle`, after the build): what every public page
 * downloads on first load, JS and CSS gzip together, and what it must never carry (Stripe, the dashboard, the chart library, and for a visitor
 * of /, /all-instructors and /all-classes, Firebase).
 * Run: node --test scripts/bundle-budget.test.js
 */
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");

const {
  builtSources,
  bundleReport,
  DIST,
  FIREBASE_CHUNK,
  saidInBuild,
} = require("./bundle-report");

// A visitor's first load of a page they browse (the lists, a class's or an instructor's page with
// its own chunk): JS and CSS gzip together, in bytes, React and react-dom in it. 0.70 times the
// original client's 199,161 B. Measured 127.6 to 131.4 KB in November 2026 (docs/performance.md).
const FIRST_LOAD_BUDGET = 140_000;
// /login, /register and /forgot-password with their own chunk, which carries Formik and yup:
// measured 154.1 to 155.5 KB in November 2026.
const SIGN_IN_BUDGET = 175_000;
const SIGN_IN_PAGES = ["/login", "/register", "/forgot-password"];
const budgetOf = (route) => (SIGN_IN_PAGES.includes(route) ? SIGN_IN_BUDGET : FIRST_LOAD_BUDGET);
// Libraries that stand in for React's API: none may be in any chunk the build makes.
const REACT_SUBSTITUTES = ["preact", "@preact", "inferno", "nervjs", "react-lite", "anujs"];

// Strings only the payment page (Stripe), the dashboard and Today (its IndexedDB databases)
// contain.
const NOT_ON_PUBLIC_PAGES = [
  "js.stripe.com",
  "confirmCardSetup",
  saidInBuild("Open Dashboard Menu"),
  "camp-attendance",
  "camp-incidents",
  "camp-medications",
  "camp-artworks",
];
// The Firebase Auth SDK's own endpoints: only its code names them.
const FIREBASE_SDK = ["identitytoolkit.googleapis.com", "securetoken.googleapis.com"];
// The pages a visitor browses without signing in; their first load must not include Firebase.
// The pages a visitor browses: the lists, and a class's and an instructor's page (their own
// lazy chunk with them).
const VISITOR_PAGES = [
  "/",
  "/all-instructors",
  "/all-classes",
  "/classes/:id",
  "/instructors/:id",
  "/gallery",
];

const report = bundleReport();

const together = (load) => load.jsGzip + load.cssGzip;

test("the public first load, JS and CSS together, stays within its gzip budget", () => {
  assert.ok(
    together(report.firstLoad) <= FIRST_LOAD_BUDGET,
    `the first load is ${report.firstLoad.jsGzip} bytes of JS and ${report.firstLoad.cssGzip} ` +
      `of CSS gzip, ${together(report.firstLoad)} together, budget ${FIRST_LOAD_BUDGET}`,
  );
});

test("each public page's first render, its own lazy chunk included, stays within its budget", () => {
  for (const page of report.publicRoutes) {
    assert.ok(
      together(page.firstRender) <= budgetOf(page.route),
      `${page.route} needs ${together(page.firstRender)} bytes gzip of JS and CSS before it ` +
        `shows, budget ${budgetOf(page.route)}`,
    );
  }
});

test("a public page's own chunk brings no stylesheet: its head waits for one only", () => {
  // A second stylesheet in the head is one more round trip before the first paint on a phone.
  const firstStyles = report.firstLoad.files.filter((file) => file.endsWith(".css"));
  for (const page of report.publicRoutes) {
    const styles = page.firstRender.files.filter((file) => file.endsWith(".css"));
    assert.deepEqual(styles, firstStyles, `${page.route} brings a stylesheet of its own`);
  }
});

test("the first load runs react-dom's production build, and no chunk holds a stand-in", () => {
  const entry = report.entryPackages.sources;
  assert.ok(
    entry.some((source) =>
      source.includes("node_modules/react-dom/cjs/react-dom-client.production"),
    ),
    "react-dom's production build is not in the first load",
  );
  const code = contentOf(report.firstLoad.files.filter((file) => file.endsWith(".js")));
  // React DOM's production build points every error at its decoder page.
  assert.ok(code.includes("react.dev/errors"), "React DOM is missing from the first load");
  for (const source of builtSources()) {
    for (const name of REACT_SUBSTITUTES) {
      assert.ok(!source.includes(`node_modules/${name}/`), `a chunk is built from ${source}`);
    }
  }
});

test("the first load carries React Router's production build, without its dev-only checks", () => {
  const code = contentOf(report.firstLoad.files.filter((file) => file.endsWith(".js")));
  assert.ok(
    code.includes("useNavigate() may be used only in the context"),
    "React Router is missing",
  );
  // A warning only its development build gives, while it checks every route it is handed.
  assert.ok(
    !code.includes("You should not include both"),
    "React Router's development build is in the first load",
  );
});

test("the CSS keeps the classes the app composes at run time, in both themes", () => {
  const css = contentOf(report.firstLoad.files.filter((file) => file.endsWith(".css")));
  // Toast's text-bg-${variant}, AuthCard's alert-${noticeTone}, Picture's picture-${kind}, the
  // navigation's collapse toggled open, the dark theme's own rules, and the focus ring.
  for (const selector of [
    ".text-bg-success",
    ".text-bg-warning",
    ".alert-success",
    ".alert-danger",
    ".picture-initials",
    ".picture-motif",
    ".collapse:not(.show)",
    "[data-bs-theme=dark]",
    // The focus ring names no class or element.
    ":focus-visible{outline:2px",
  ]) {
    assert.ok(css.includes(selector), `the first load's CSS lost ${selector}`);
  }
  // ...and drops Bootstrap's rules the app never names.
  assert.ok(!css.includes(".btn-group-vertical"), "unused Bootstrap rules are still shipped");
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

test("the payment page, the dashboard and Today are lazy chunks of their own", () => {
  const chunks = Object.fromEntries(report.lazyRoutes.map((route) => [route.chunk, route]));
  assert.ok(chunks.payment, "no payment chunk: check webpackChunkName in src/app/router.jsx");
  assert.ok(chunks.dashboard, "no dashboard chunk: check webpackChunkName in src/app/router.jsx");
  // Today is opened on a phone at the studio door: it loads its own code, no other page's.
  assert.ok(chunks.today, "no today chunk: check webpackChunkName in src/app/router.jsx");
  assert.ok(
    contentOf(chunks.today.files).includes(saidInBuild("Waiting to send")),
    "the today chunk lost the Today page",
  );
  assert.ok(
    contentOf(chunks.today.files).includes("camp-incidents"),
    "the today chunk lost its incident reports",
  );
  assert.ok(
    contentOf(chunks.today.files).includes("camp-artworks"),
    "the today chunk lost its artwork",
  );
  const payment = chunks.payment.files
    .map((file) => fs.readFileSync(path.join(DIST, file), "utf8"))
    .join("\n");
  assert.ok(payment.includes("js.stripe.com"), "the payment page's chunks lost Stripe's loader");
});

test("the waiting room's pages are lazy chunks: the first load carries only its check", () => {
  const chunks = Object.fromEntries(report.lazyRoutes.map((route) => [route.chunk, route]));
  const line = report.publicRoutes.find((page) => page.route === "/waiting-room");
  assert.ok(
    line.firstRender.files.length > report.firstLoad.files.length,
    "/waiting-room is not lazy",
  );
  assert.ok(chunks["waiting-room-live"], "no waiting-room-live chunk: check src/app/router.jsx");
  const first = contentOf(report.firstLoad.files.filter((file) => file.endsWith(".js")));
  // Words only the family's line and the admins' live view say.
  const finding = saidInBuild("Finding your place in line…");
  const resume = saidInBuild("Resume admissions");
  for (const needle of [finding, resume]) {
    assert.ok(!first.includes(needle), `the first load carries "${needle}"`);
  }
  assert.ok(contentOf(line.firstRender.files).includes(finding));
  assert.ok(contentOf(chunks["waiting-room-live"].files).includes(resume));
});

// The source files (from their source maps) the built `files` were made from.
function sourcesOf(files) {
  return files
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) => JSON.parse(fs.readFileSync(path.join(DIST, `${file}.map`), "utf8")).sources);
}

const CHART_LIBRARY = "node_modules/chart.js/";

test("the chart library comes with the admins' Reports page only", () => {
  const reports = report.lazyRoutes.find((route) => route.chunk === "reports");
  assert.ok(reports, "no reports chunk: check webpackChunkName in src/app/router.jsx");
  assert.ok(
    sourcesOf(reports.files).some((source) => source.includes(CHART_LIBRARY)),
    "the reports chunk lost Chart.js",
  );
  const elsewhere = [
    ["the first load", report.firstLoad.files],
    ...report.publicRoutes.map((page) => [page.route, page.signedIn.files]),
    ...report.lazyRoutes
      .filter((route) => route.chunk !== "reports")
      .map((route) => [route.route, route.files]),
  ];
  for (const [where, files] of elsewhere) {
    assert.ok(
      !sourcesOf(files).some((source) => source.includes(CHART_LIBRARY)),
      `${where} carries Chart.js`,
    );
  }
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

test("a visitor's first load of the lists, a class and an instructor carries no Firebase", () => {
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
