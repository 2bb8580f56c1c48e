module.exports = {
  testEnvironment: "<rootDir>/src/testing/environment.js",
  roots: ["<rootDir>/src"],
  setupFilesAfterEnv: ["<rootDir>/src/testing/setup.js"],
  moduleNameMapper: {
    "\\.css$": "<rootDir>/src/testing/style-stub.js",
    "\\.(png|jpe?g|webp|gif|svg)$": "<rootDir>/src/testing/file-stub.js",
  },
  transform: { "\\.(mjs|jsx?)$": "babel-jest" },
};
