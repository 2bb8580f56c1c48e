#!/usr/bin/env node
/*
 * What each route of the built app downloads, in gzip bytes, read from static/dist after
 * `npm run build`: the manifest (webpack-assets-manifest, with entrypoints) and the chunk files.
 *
 * The pages a visitor browses (/, /all-instructors, /all-classes) are in the main entry, so their
 * first load is the entry's initial JS and CSS. /login and /register are the lazy "sign-in" chunk
 * (it carries the form libraries), so theirs is the entry and that chunk. Dashboard pages are lazy route chunks
 * (webpackChunkName in src/app/router.jsx) plus the chunks they import in turn (Stripe's loader
 * from the payment page).
 *
 * The Firebase Auth SDK is the "firebase" chunk, imported right after the first render only where
 * sign-in needs it (src/lib/auth.jsx): on /login and /register, and on any page of a browser
 * with a stored session, to restore it. A visitor's /, /all-instructors and /all-classes never
 * download it. That is decided at run time, so the table below states it, and tests prove it:
 * src/app/firebaseOnDemand.*.test.jsx (jest) and e2e/test_performance.py (Chromium's requests).
 * Each route is reported twice: as a visitor loads it, and as a signed-in user does.
 *
 * Usage: node scripts/bundle-report.js [--json]
 */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const { SourceMapConsumer } = require("source-map-js");

// Each language is a build of its own (webpack.config.js): CAMP_BUNDLE_LANGUAGE=es reports and
// holds to the budget the Spanish one, in static/dist/es.
const BUNDLE_LANGUAGE = process.env.CAMP_BUNDLE_LANGUAGE || "en";
const DIST = path.resolve(
  __dirname,
  "../../static/dist",
  BUNDLE_LANGUAGE === "en" ? "" : BUNDLE_LANGUAGE,
);

// Lazy route chunk names (src/app/router.jsx) and the pages they serve; every dashboard page
// is drawn inside the layout's chunk.
const DASHBOARD_LAYOUT_CHUNK = "dashboard";
// Lazy route chunk names (src/app/router.jsx) and the pages they serve.
const ROUTE_CHUNKS = {
  dashboard: "/dashboard/* (the layout, every dashboard page)",
  "manage-users": "/dashboard/all-users",
  "manage-classes": "/dashboard/manage-classes",
  "attendance-admin": "/dashboard/attendance",
  reports: "/dashboard/reports",
  incidents: "/dashboard/incidents",
  artwork: "/dashboard/artwork",
  "waiting-room-live": "/dashboard/waiting-room",
  "my-classes": "/dashboard/my-classes",
  today: "/dashboard/today",
  "add-class": "/dashboard/add-class",
  "update-class": "/dashboard/update-class/:id",
  "my-selected-classes": "/dashboard/my-selected-classes",
  "my-enrolled-classes": "/dashboard/my-enrolled-classes",
  "my-payment-history": "/dashboard/my-payment-history",
  receipt: "/dashboard/receipts/:paymentId",
  "my-waitlist": "/dashboard/waitlist",
  "lottery-wishes": "/dashboard/seasons/:seasonId/wishes",
  family: "/dashboard/family",
  payment: "/dashboard/payment/:id",
  // The office's pages, in the dashboard's frame: no family's page carries them.
  "front-desk": "/frontDesk, /frontDesk/day",
};
const FIREBASE_CHUNK = "firebase";
// Whether each public page downloads the Firebase chunk, for a visitor and for a signed-in user.
// `chunk` names a public page's own lazy route chunk, which its first render waits for.
const PUBLIC_ROUTES = [
  { route: "/", visitorFirebase: false, chunk: "home" },
  { route: "/all-instructors", visitorFirebase: false },
  { route: "/all-classes", visitorFirebase: false, chunk: "classes" },
  { route: "/classes/:id", visitorFirebase: false, chunk: "class" },
  { route: "/instructors/:id", visitorFirebase: false, chunk: "instructor" },
  { route: "/gallery", visitorFirebase: false, chunk: "gallery" },
  { route: "/login", visitorFirebase: true, chunk: "sign-in" },
  { route: "/register", visitorFirebase: true, chunk: "sign-in" },
  { route: "/forgot-password", visitorFirebase: true, chunk: "forgot-password" },
  // The opening morning's line, where the app sends a family before it registers.
  { route: "/waiting-room", visitorFirebase: false, chunk: "waiting-room" },
  // A lottery season's draw, for anyone to check, from the season's notice.
  { route: "/seasons/:seasonId/draw", visitorFirebase: false, chunk: "lottery-draw" },
];
// A signed-in user's browser restores the session on every page it opens.
const SIGNED_IN_FIREBASE = true;
// Lazy chunks a public page imports only for a signed-in family, after its first render: the
// form that books a class's weeks or days (src/features/classes/components/BookUnitsPanel.jsx),
// with the form libraries, and a class card's list of which of a family's children can take it
// (WhoCanTake.jsx, drawn for a family of several once the server has answered). A visitor's load
// leaves them out (e2e/test_weeks_and_care.py and e2e/test_performance.py watch the browser's
// requests); a signed-in one's counts them.
const FAMILY_ONLY_CHUNKS = ["book-units", "who-can-take"];
// Lazy chunks a public page asks for only after its first screen, which shows without them: a
// class's strip of the gallery's pieces (src/features/classes/components/ClassGallery.jsx, in the
// gallery page's chunk), drawn below the first screen in a Suspense with nothing in its place,
// and the dialogs a press of Select opens (ForWhomDialog.jsx, LoginRequiredDialog.jsx). The first
// render leaves them out; what a visitor downloads in all counts them.
const NOT_AWAITED_CHUNKS = ["gallery", "select-dialogs"];

function readManifest(dist = DIST) {
  const file = path.join(dist, "manifest.json");
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm --prefix frontend run build\` first.`);
  }
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

function gzipSize(dist, file) {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

function measure(dist, files) {
  const js = files.filter((file) => file.endsWith(".js"));
  const css = files.filter((file) => file.endsWith(".css"));
  const sum = (list) => list.reduce((total, file) => total + gzipSize(dist, file), 0);
  return { files, jsGzip: sum(js), cssGzip: sum(css) };
}

/*
 * The webpack runtime in the entry maps chunk ids to names ({101:"manage-users",...}); chunks load
 * each other with __webpack_require__.e(id). Both are read from the minified output, so a chunk
 * whose dependencies cannot be read is still reported on its own.
 */
function chunkIdsToFiles(dist, manifest, entryJs) {
  const byId = {};
  for (const key of Object.keys(manifest)) {
    const numbered = /^(\d+)\.[0-9a-f]+\.js$/.exec(key);
    if (numbered) byId[numbered[1]] = manifest[key];
  }
  const runtime = entryJs.map((file) => fs.readFileSync(path.join(dist, file), "utf8")).join("\n");
  const names = /\{((?:\d+:"[\w-]+",?)+)\}\[e\]\|\|e/.exec(runtime);
  if (names) {
    for (const pair of names[1].split(",")) {
      const [id, name] = pair.split(":");
      const file = manifest[`${JSON.parse(name)}.js`];
      if (file) byId[id] = file;
    }
  }
  return byId;
}

/*
 * A lazy import whose modules share a vendor chunk with others loads both at once,
 * Promise.all([n.e(114),n.e(704)]) in the code that imports it: each chunk's companions are read
 * from every such group in the built files.
 */
function companionsOf(dist, byId) {
  const companions = {};
  const sources = [...new Set(Object.values(byId))].concat(
    fs.readdirSync(dist).filter((file) => /^main\.[0-9a-f]+\.js$/.test(file)),
  );
  for (const file of sources) {
    const source = fs.readFileSync(path.join(dist, file), "utf8");
    for (const group of source.matchAll(/Promise\.all\(\[((?:\w+\.e\(\d+\)[^,\]]*,?)+)\]\)/g)) {
      const ids = [...group[1].matchAll(/\.e\((\d+)\)/g)].map((match) => match[1]);
      for (const id of ids) companions[id] = [...(companions[id] || []), ...ids];
    }
  }
  return companions;
}

function withImportedChunks(dist, first, byId, companions = {}, leftOut = new Set()) {
  const firstId = Object.keys(byId).find((id) => byId[id] === first);
  // The route chunk's own companions only: another route sharing a vendor chunk is not loaded.
  const files = [...new Set([first, ...(companions[firstId] || []).map((id) => byId[id])])];
  for (let index = 0; index < files.length; index += 1) {
    const source = fs.readFileSync(path.join(dist, files[index]), "utf8");
    for (const id of [...source.matchAll(/\.e\((\d+)\)/g)].map((match) => match[1])) {
      const file = byId[id];
      if (file && !files.includes(file) && !leftOut.has(id)) files.push(file);
    }
  }
  return files;
}

/*
 * Which package each byte of the minified entry comes from, read from the build's source maps:
 * every generated segment is credited to its original file, and files group by package (a
 * node_modules folder, or "the app's code"). Each group is gzipped on its own, so the groups add
 * up to a little more than the entry gzipped whole, which is also given.
 */
function packageOf(source) {
  const found = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (found) return found[1];
  return source.startsWith("webpack/") ? "webpack's runtime" : "the app's code";
}

function byPackage(dist, files) {
  const segments = {};
  const sources = new Set();
  let whole = "";
  for (const file of files) {
    const code = fs.readFileSync(path.join(dist, file), "utf8");
    whole += code;
    const lines = code.split("\n");
    const map = new SourceMapConsumer(
      JSON.parse(fs.readFileSync(path.join(dist, `${file}.map`), "utf8")),
    );
    const mappings = [];
    map.eachMapping((mapping) => mappings.push(mapping), null, SourceMapConsumer.GENERATED_ORDER);
    mappings.forEach((mapping, index) => {
      const next = mappings[index + 1];
      const line = lines[mapping.generatedLine - 1];
      const end =
        next && next.generatedLine === mapping.generatedLine ? next.generatedColumn : line.length;
      if (mapping.source) sources.add(mapping.source);
      const group = mapping.source ? packageOf(mapping.source) : "webpack's runtime";
      segments[group] = (segments[group] || "") + line.slice(mapping.generatedColumn, end);
    });
  }
  const gzip = (text) => zlib.gzipSync(Buffer.from(text), { level: 9 }).length;
  const packages = Object.entries(segments)
    .map(([name, text]) => ({ name, minified: Buffer.byteLength(text), gzip: gzip(text) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { packages, sources: [...sources], gzip: gzip(whole) };
}

function entryByPackage(dist = DIST) {
  return byPackage(dist, readManifest(dist).entrypoints.main.assets.js || []);
}

// Every source file any built chunk was made from, so a package no chunk should hold can be found.
function builtSources(dist = DIST) {
  const chunks = fs.readdirSync(dist).filter((file) => /\.js$/.test(file));
  return chunks.flatMap((file) => {
    const map = JSON.parse(fs.readFileSync(path.join(dist, `${file}.map`), "utf8"));
    return map.sources;
  });
}

function bundleReport(dist = DIST) {
  const manifest = readManifest(dist);
  const entry = manifest.entrypoints.main.assets;
  const initialFiles = [...(entry.js || []), ...(entry.css || [])];
  const byId = chunkIdsToFiles(dist, manifest, entry.js || []);
  const firebaseFile = manifest[`${FIREBASE_CHUNK}.js`];
  const firebaseFiles = firebaseFile ? [firebaseFile] : [];
  // The files a page downloads: the entry, then what it imports after the first render.
  const load = (extraFiles) => measure(dist, [...initialFiles, ...extraFiles]);
  const companions = companionsOf(dist, byId);
  // The ids of the chunks `names`, with the companions they load beside them.
  const idsOf = (names) =>
    new Set(
      Object.keys(byId)
        .filter((id) => names.some((name) => byId[id] === manifest[`${name}.js`]))
        .flatMap((id) => companions[id] || [id]),
    );
  const familyOnly = idsOf(FAMILY_ONLY_CHUNKS);
  const notAwaited = idsOf(NOT_AWAITED_CHUNKS);
  // A lazy chunk's scripts, with the chunks it imports (but those a signed-in family alone
  // loads, unless `family`, and those the page does not wait for, if `firstScreen`), and its
  // own style sheet.
  const chunkFiles = (name, { family = false, firstScreen = false } = {}) =>
    manifest[`${name}.js`]
      ? [
          ...withImportedChunks(
            dist,
            manifest[`${name}.js`],
            byId,
            companions,
            new Set([...(family ? [] : familyOnly), ...(firstScreen ? notAwaited : [])]),
          ),
          ...(manifest[`${name}.css`] ? [manifest[`${name}.css`]] : []),
        ]
      : [];
  const layoutFiles = chunkFiles(DASHBOARD_LAYOUT_CHUNK);
  const routes = Object.entries(ROUTE_CHUNKS)
    .filter(([name]) => manifest[`${name}.js`])
    .map(([name, route]) => {
      const files = chunkFiles(name);
      const layout = name === DASHBOARD_LAYOUT_CHUNK ? [] : layoutFiles;
      return {
        route,
        chunk: name,
        ...measure(dist, files),
        // Only a signed-in user opens a dashboard page (a visitor is sent to /login).
        signedIn: load([...firebaseFiles, ...layout, ...files]),
      };
    });
  return {
    publicRoutes: PUBLIC_ROUTES.map(({ route, visitorFirebase, chunk }) => {
      const firstFiles = chunk ? chunkFiles(chunk, { firstScreen: true }) : [];
      const pageFiles = chunk ? chunkFiles(chunk) : [];
      const familyFiles = chunk ? chunkFiles(chunk, { family: true }) : [];
      return {
        route,
        visitorFirebase,
        signedInFirebase: SIGNED_IN_FIREBASE,
        // What the page's first render needs; Firebase comes after it, where it comes at all.
        firstRender: load(firstFiles),
        visitor: load([...pageFiles, ...(visitorFirebase ? firebaseFiles : [])]),
        signedIn: load([...familyFiles, ...(SIGNED_IN_FIREBASE ? firebaseFiles : [])]),
      };
    }),
    firstLoad: measure(dist, initialFiles),
    firebase: firebaseFile ? measure(dist, firebaseFiles) : null,
    lazyRoutes: routes,
    entryPackages: entryByPackage(dist),
  };
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

// The budget's own unit: JS and CSS gzip together, in KB of 1,000 bytes.
function together(load) {
  return `${((load.jsGzip + load.cssGzip) / 1000).toFixed(1)} KB`;
}

function printReport(report) {
  const routes = report.publicRoutes.map(({ route }) => route);
  const yesNo = (downloads) => (downloads ? "yes" : "no");
  const lines = [
    `The entry, which every page loads first (${routes.join(", ")}), gzip:`,
    `  JS ${kib(report.firstLoad.jsGzip)}, CSS ${kib(report.firstLoad.cssGzip)}, ` +
      `together ${together(report.firstLoad)}  [${report.firstLoad.files.join(", ")}]`,
  ];
  if (report.firebase) {
    lines.push(
      `Firebase Auth chunk, after the first render where sign-in needs it: ` +
        `JS ${kib(report.firebase.jsGzip)}  [${report.firebase.files.join(", ")}]`,
    );
  }
  lines.push(
    "Each public page, gzip JS (CSS: the entry's, and a route chunk's own): its first render, the same" +
      " with the CSS, and in all:",
    `  ${"route".padEnd(18)} ${"first".padStart(10)} ${"JS+CSS".padStart(9)} ` +
      `${"visitor".padStart(10)} firebase ${"signed in".padStart(10)} firebase`,
  );
  for (const route of report.publicRoutes) {
    lines.push(
      `  ${route.route.padEnd(18)} ${kib(route.firstRender.jsGzip).padStart(10)} ` +
        `${together(route.firstRender).padStart(9)} ${kib(route.visitor.jsGzip).padStart(10)} ` +
        `${yesNo(route.visitorFirebase).padEnd(8)} ${kib(route.signedIn.jsGzip).padStart(10)} ` +
        `${yesNo(route.signedInFirebase)}`,
    );
  }
  lines.push(
    "Dashboard pages, signed in only: their lazy chunks, and in all with the entry, Firebase and" +
      " the layout, gzip JS:",
  );
  for (const route of report.lazyRoutes) {
    lines.push(
      `  ${route.route.padEnd(40)} +${kib(route.jsGzip).padStart(9)}` +
        ` = ${kib(route.signedIn.jsGzip).padStart(10)}  [${route.files.join(", ")}]`,
    );
  }
  lines.push(
    `The entry's JS by package (minified, and each gzipped on its own; the entry whole is ` +
      `${kib(report.entryPackages.gzip)} gzip):`,
  );
  for (const entry of report.entryPackages.packages) {
    lines.push(
      `  ${entry.name.padEnd(28)} ${kib(entry.minified).padStart(10)} ${kib(entry.gzip).padStart(10)}`,
    );
  }
  console.log(lines.join("\n"));
}

if (require.main === module) {
  const report = bundleReport();
  if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
  else printReport(report);
}

/*
 * The words a message says in the build's language, so a check that finds a page's own words in
 * a chunk reads either build: the English itself, else its translation in locales/<language>.po.
 */
function saidInBuild(english) {
  if (BUNDLE_LANGUAGE === "en") return english;
  const { po } = require("gettext-parser");
  const catalogue = po.parse(
    fs.readFileSync(path.join(__dirname, "..", "locales", `${BUNDLE_LANGUAGE}.po`)),
  );
  return catalogue.translations[""][english]?.msgstr[0] || english;
}

module.exports = { builtSources, bundleReport, DIST, FIREBASE_CHUNK, saidInBuild };
