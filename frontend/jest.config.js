const { reactAliases } = require("./build.config");

// The build's aliases (React's API from Preact), so the tests run the code that ships.
const preactMapper = Object.fromEntries(
  Object.entries(reactAliases).map(([name, target]) => [
    `^${name.replace(/\$$/, "")}$`,
    require.resolve(target),
  ]),
);

module.exports = {
  testEnvironment: "<rootDir>/src/testing/environment.js",
  roots: ["<rootDir>/src"],
  setupFilesAfterEnv: ["<rootDir>/src/testing/setup.js"],
  moduleNameMapper: {
    ...preactMapper,
    // React's async act contract on Preact's act (see the file).
    "^react-dom/test-utils$": "<rootDir>/src/testing/act.js",
    "\\.css$": "<rootDir>/src/testing/style-stub.js",
    "\\.(png|jpe?g|webp|gif|svg)$": "<rootDir>/src/testing/file-stub.js",
  },
  // Preact ships ES modules only: Babel turns them into CommonJS for Jest like the app's code.
  transform: { "\\.(mjs|jsx?)$": "babel-jest" },
  transformIgnorePatterns: ["/node_modules/(?!preact/)"],
};
