/*
 * What the build and the unit tests share, so the tests run the code that ships.
 */
const path = require("path");

/*
 * React's API from Preact (preact/compat, with the app's additions in src/lib/react.js): about
 * 10 KiB gzip where react-dom alone is about 60, which a visitor's first load cannot afford
 * within its budget. React Router and SWR run on it unchanged. Exact matches ($), so a path such as "react-dom/server" fails loudly
 * instead of mixing the two.
 */
const reactAliases = {
  react$: path.join(__dirname, "src/lib/react.js"),
  "react-dom$": "preact/compat",
  "react-dom/client$": "preact/compat/client",
  "react/jsx-runtime$": "preact/jsx-runtime",
  "react/jsx-dev-runtime$": "preact/jsx-dev-runtime",
  "react-dom/test-utils$": "preact/test-utils",
};

/*
 * Bootstrap ships every rule of the components the theme compiles in; the first load keeps
 * only the selectors named in the app's code and its page template. A class composed at run
 * time (`text-bg-${variant}`) is invisible to that reading, so its family is kept here.
 */
const purgeCssOptions = {
  content: [
    path.join(__dirname, "src/**/*.{js,jsx}"),
    path.join(__dirname, "../templates/**/*.html"),
  ],
  // Its tests name classes the app does not use; leaving them out keeps no dead rule alive.
  skippedContentGlobs: ["**/*.test.{js,jsx}"],
  safelist: {
    standard: [
      // Toast's `text-bg-${variant}`, AuthCard's `alert-${noticeTone}`, Picture's
      // `picture-${kind}`.
      /^text-bg-/,
      /^alert-/,
      /^picture-/,
    ],
    // Both themes' rules: the page template and the theme toggle set the attribute.
    greedy: [/data-bs-theme/],
  },
};

module.exports = { reactAliases, purgeCssOptions };
