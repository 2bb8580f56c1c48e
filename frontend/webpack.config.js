const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const CssMinimizerPlugin = require("css-minimizer-webpack-plugin");
const { DefinePlugin } = require("webpack");
const { WebpackAssetsManifest } = require("webpack-assets-manifest");
const { RouteChunksPlugin } = require("./scripts/route-chunks-plugin");
const purgeCss = require("@fullhuman/postcss-purgecss");

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

/*
 * React Router 7's package exports name its development build under every condition, so a
 * production bundle would carry its dev-only checks and warnings and run them on every render
 * (remix-run/react-router#12532, #14102). The release build takes the production files it ships
 * beside them.
 */
const routerBuild = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");
const routerProductionAliases = {
  "react-router$": path.join(routerBuild, "production/index.mjs"),
  "react-router/dom$": path.join(routerBuild, "production/dom-export.mjs"),
};

/*
 * Each language the site speaks is its own build: babel-plugin-ttag puts each t`...` message's
 * translation from locales/<language>.po into the code at build time, so a page downloads its
 * own language's words and no catalogue or translation runtime at all. English, the source
 * language, is built to static/dist; each other language to static/dist/<language>, which the
 * server chooses by the visitor's language (camp/views.py).
 */
const LANGUAGES = ["en", "es"];
const SOURCE_LANGUAGE = "en";

function ttagOptions(language) {
  const translations =
    language === SOURCE_LANGUAGE ? "default" : path.join(__dirname, "locales", `${language}.po`);
  return { resolve: { translations } };
}

function languageBuild(language, production) {
  const subfolder = language === SOURCE_LANGUAGE ? "" : `${language}/`;
  // Only the selectors the app's code and page template name survive the build (the dev build
  // keeps them all, so a new class shows at once while working).
  const postcss = {
    loader: "postcss-loader",
    options: { postcssOptions: { plugins: production ? [purgeCss(purgeCssOptions)] : [] } },
  };
  return {
    name: language,
    entry: { main: "./src/index.jsx" },
    output: {
      path: path.resolve(__dirname, "../static/dist", subfolder),
      publicPath: `/static/dist/${subfolder}`,
      filename: production ? "[name].[contenthash:12].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:12].js" : "[name].js",
      // The source language's build leaves the other languages' folders to their own builds.
      clean: language === SOURCE_LANGUAGE ? { keep: /^[a-z]{2}\// } : true,
    },
    devtool: production ? "source-map" : "eval-cheap-module-source-map",
    resolve: {
      extensions: [".js", ".jsx"],
      alias: production ? routerProductionAliases : {},
    },
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          exclude: /node_modules/,
          use: {
            loader: "babel-loader",
            options: { plugins: [["ttag", ttagOptions(language)]] },
          },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, "css-loader", postcss],
        },
        {
          // The school's theme: Bootstrap's own sources compiled with its variables.
          test: /\.scss$/,
          use: [
            MiniCssExtractPlugin.loader,
            "css-loader",
            postcss,
            {
              loader: "sass-loader",
              options: {
                sassOptions: {
                  // Bootstrap 5.3 still uses @import and the global colour functions, which
                  // current Sass warns about on every build; those warnings are Bootstrap's.
                  quietDeps: true,
                  silenceDeprecations: [
                    "import",
                    "global-builtin",
                    "color-functions",
                    "if-function",
                  ],
                },
              },
            },
          ],
        },
        {
          test: /\.(png|jpe?g|webp|gif|svg)$/,
          type: "asset/resource",
        },
        {
          // The heading typeface, served from /static/dist like the rest of the bundle.
          test: /\.woff2?$/,
          type: "asset/resource",
          generator: { filename: production ? "[name].[contenthash:12][ext]" : "[name][ext]" },
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? "[name].[contenthash:12].css" : "[name].css",
        chunkFilename: production ? "[name].[contenthash:12].css" : "[name].css",
      }),
      new WebpackAssetsManifest({ output: "manifest.json", entrypoints: true }),
      new RouteChunksPlugin(),
      // The language the build speaks, for Intl's dates, numbers and plurals (src/lib/language.js).
      new DefinePlugin({ "process.env.CAMP_LANGUAGE": JSON.stringify(language) }),
    ],
    optimization: {
      minimizer: ["...", new CssMinimizerPlugin()],
      splitChunks: { chunks: "all" },
    },
    performance: { hints: false },
  };
}

/*
 * The same app as one script for the server (src/server.jsx), which draws a public page's first
 * screen as HTML in V8 inside Django's own process (camp/server_render.py): one file per
 * language, every route's module in it, no stylesheet (the browser's build has them), and each
 * picture or font named by the very address the browser's build gives it, so the HTML the
 * server writes is the HTML the browser's app takes over.
 */
function serverBuild(language, production) {
  const browser = languageBuild(language, production);
  const assetRules = browser.module.rules.filter((rule) => rule.type === "asset/resource");
  return {
    name: `server-${language}`,
    target: "web",
    entry: { [language]: "./src/server.jsx" },
    output: {
      path: path.resolve(__dirname, "../build/server"),
      publicPath: browser.output.publicPath,
      filename: "[name].js",
      library: { name: "campServer", type: "var" },
      // Every route's module in the one file: V8 on the server has no way to fetch a chunk.
      asyncChunks: false,
      clean: false,
    },
    devtool: false,
    resolve: browser.resolve,
    module: {
      rules: [
        browser.module.rules[0],
        { test: /\.s?css$/, type: "asset/resource", generator: { emit: false } },
        ...assetRules.map((rule) => ({ ...rule, generator: { ...rule.generator, emit: false } })),
      ],
    },
    plugins: [
      new DefinePlugin({
        "process.env.CAMP_LANGUAGE": JSON.stringify(language),
        "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
      }),
    ],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
}

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  // `--env language=es` builds one language only, for a quicker turn while working on it.
  const languages = env.language ? [env.language] : LANGUAGES;
  return [
    ...languages.map((language) => languageBuild(language, production)),
    ...languages.map((language) => serverBuild(language, production)),
  ];
};

module.exports.LANGUAGES = LANGUAGES;
