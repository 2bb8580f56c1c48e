const { TestEnvironment } = require("jest-environment-jsdom");

/*
 * jsdom leaves out the Fetch API classes and TextEncoder, which react-router's data routers need
 * (every navigation builds a Request with an AbortController's signal). Lend Node's own, as a set,
 * so the signal and the Request come from the same realm. fetch itself stays undefined: a test
 * that reaches the network without stubbing it fails loudly.
 */
const LENT_FROM_NODE = [
  "TextEncoder",
  "TextDecoder",
  "Request",
  "Response",
  "Headers",
  "AbortController",
  "AbortSignal",
  "ReadableStream",
];

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT_FROM_NODE) this.global[name] = globalThis[name];
    // jsdom lays nothing out, so there is nothing to scroll; the app restores scroll positions anyway (hooks/useScrollRestoration.js).
    this.global.scrollTo = () => {};
  }
}

module.exports = JsdomWithFetchClasses;
