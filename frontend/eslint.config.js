const js = require("@eslint/js");
const globals = require("globals");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");
const prettier = require("eslint-config-prettier");
const importPlugin = require("eslint-plugin-import");
const fs = require("node:fs");
const path = require("node:path");

/*
 * Which way imports flow in src/ (docs/architecture.md draws it): app -> features -> api,
 * components, hooks -> lib, config. A feature never imports another feature; lib/ and config/
 * import nothing of the app above them. Each zone forbids `from` inside `target`.
 */
const features = fs
  .readdirSync(path.join(__dirname, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature does not import another feature; share through src/api, components or lib.",
  })),
  {
    target: ["./src/api", "./src/components", "./src/hooks", "./src/lib", "./src/config"],
    from: ["./src/app", "./src/features"],
    message: "Only the app and its features import features and the app.",
  },
  {
    target: ["./src/lib", "./src/config"],
    from: ["./src/api", "./src/components", "./src/hooks"],
    message: "lib/ and config/ sit below the rest of the app and import none of it.",
  },
  {
    target: ["./src/api"],
    from: ["./src/components", "./src/hooks"],
    message: "src/api holds server state only: it imports lib/ and config/.",
  },
];

/*
 * The whole app speaks through the message functions of ttag (t`...`, jt`...`, ngettext), so each
 * of its words has its Spanish (scripts/messages.js): text written straight into JSX, or into an
 * attribute a person reads or hears, is refused.
 */
const SPEAKS_THROUGH_MESSAGES = ["src/**/*.jsx"];
// The attributes and props whose text a person reads or hears: the DOM's own, and the app's
// components' (loadingLabel, errorTitle, emptyMessage, confirmText...).
const READ_ATTRIBUTES =
  "alt|aria-label|aria-description|aria-roledescription|placeholder|title|label|legend|caption|" +
  "message|heading|hint|description|text|[a-zA-Z]+(?:Label|Title|Message|Text|Hint|Heading|Description)";

module.exports = [
  { ignores: ["node_modules/**", "coverage/**"] },
  js.configs.recommended,
  {
    files: ["src/**/*.{js,jsx}"],
    plugins: { react, "react-hooks": reactHooks, import: importPlugin },
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    settings: {
      react: { version: "detect" },
      "import/resolver": { node: { extensions: [".js", ".jsx"] } },
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "import/no-restricted-paths": ["error", { basePath: __dirname, zones: boundaries }],
    },
  },
  {
    files: SPEAKS_THROUGH_MESSAGES,
    ignores: ["src/**/*.test.{js,jsx}", "src/testing/**"],
    rules: {
      "react/jsx-no-literals": [
        "error",
        {
          allowedStrings: [
            "·",
            "—",
            "–",
            "(",
            ")",
            ":",
            ",",
            "/",
            "×",
            "•",
            "|",
            "*",
            "+",
            "−",
            "$",
            "%",
            "&nbsp;",
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: `JSXAttribute[name.name=/^(${READ_ATTRIBUTES})$/] > Literal[value=/[A-Za-z]/]`,
          message: "A person reads this attribute: say it with t`...` so it has its Spanish.",
        },
      ],
    },
  },
  {
    files: ["src/**/*.test.{js,jsx}", "src/testing/**"],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ["*.config.js", "scripts/**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
  prettier,
];
