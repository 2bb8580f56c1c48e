#!/usr/bin/env node
/*
 * What each route of the built app downloads, in gzip bytes, read from static/dist after
 * `npm run build`: the manifest (webpack-assets-manifest, with entrypoints) and the chunk files.
 *
 * Every public page (/, /all-instructors, /all-classes, /login, /register) is in the main entry,
 * so its first load is the entry's initial JS and CSS. Right after the first render the auth
 * provider imports the "firebase" chunk to learn whether someone is signed in, so that chunk is
 * reported beside the first load rather than hidden. Dashboard pages are lazy route chunks
 * (webpackChunkName in src/app/router.jsx) plus the chunks they import in turn (Stripe's loader
 * from the payment page).
 *
 * Usage: node scripts/bundle-report.js [--json]
 */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const DIST = path.resolve(__dirname, "../../static/dist");

// Lazy route chunk names (src/app/router.jsx) and the pages they serve.
const ROUTE_CHUNKS = {
  dashboard: "/dashboard/* (the layout, every dashboard page)",
  "manage-users": "/dashboard/all-users",
  "manage-classes": "/dashboard/manage-classes",
  "my-classes": "/dashboard/my-classes",
  "add-class": "/dashboard/add-class",
  "update-class": "/dashboard/update-class/:id",
  "my-selected-classes": "/dashboard/my-selected-classes",
  "my-enrolled-classes": "/dashboard/my-enrolled-classes",
  "my-payment-history": "/dashboard/my-payment-history",
  payment: "/dashboard/payment/:id",
};
const PUBLIC_ROUTES = ["/", "/all-instructors", "/all-classes", "/login", "/register"];
const AFTER_FIRST_RENDER_CHUNK = "firebase";

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

function withImportedChunks(dist, first, byId) {
  const files = [first];
  for (let index = 0; index < files.length; index += 1) {
    const source = fs.readFileSync(path.join(dist, files[index]), "utf8");
    for (const match of source.matchAll(/\.e\((\d+)\)/g)) {
      const file = byId[match[1]];
      if (file && !files.includes(file)) files.push(file);
    }
  }
  return files;
}

function bundleReport(dist = DIST) {
  const manifest = readManifest(dist);
  const entry = manifest.entrypoints.main.assets;
  const initialFiles = [...(entry.js || []), ...(entry.css || [])];
  const byId = chunkIdsToFiles(dist, manifest, entry.js || []);
  const afterRender = manifest[`${AFTER_FIRST_RENDER_CHUNK}.js`];
  const routes = Object.entries(ROUTE_CHUNKS)
    .filter(([name]) => manifest[`${name}.js`])
    .map(([name, route]) => ({
      route,
      chunk: name,
      ...measure(dist, withImportedChunks(dist, manifest[`${name}.js`], byId)),
    }));
  return {
    publicRoutes: PUBLIC_ROUTES,
    firstLoad: measure(dist, initialFiles),
    afterFirstRender: afterRender ? measure(dist, [afterRender]) : null,
    lazyRoutes: routes,
  };
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function printReport(report) {
  const lines = [
    `Public pages (${report.publicRoutes.join(", ")}), first load, gzip:`,
    `  JS ${kib(report.firstLoad.jsGzip)}, CSS ${kib(report.firstLoad.cssGzip)}` +
      `  [${report.firstLoad.files.join(", ")}]`,
  ];
  if (report.afterFirstRender) {
    lines.push(
      `  then, after the first render (auth state): JS ${kib(report.afterFirstRender.jsGzip)}` +
        `  [${report.afterFirstRender.files.join(", ")}]`,
    );
  }
  lines.push("Dashboard pages, on top of the first load (lazy chunks), gzip:");
  for (const route of report.lazyRoutes) {
    lines.push(
      `  ${route.route.padEnd(40)} JS ${kib(route.jsGzip).padStart(10)}` +
        `  [${route.files.join(", ")}]`,
    );
  }
  console.log(lines.join("\n"));
}

if (require.main === module) {
  const report = bundleReport();
  if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
  else printReport(report);
}

module.exports = { bundleReport, DIST };
