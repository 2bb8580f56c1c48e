/*
 * Preact's act, waiting like React's for what an async callback set going.
 *
 * React's act, given an async callback, waits a real macrotask once the callback settles, so the
 * promise chains it started (a stubbed fetch, its JSON, the state they set) run and render inside
 * it; the tests are written to that contract. Preact's act flushes as soon as the callback
 * settles. This waits the same macrotask before Preact flushes. Node's own setImmediate, from its
 * timers module, is the one Jest's fake timers leave alone (React takes it from there too).
 */
const testUtils = require("preact/test-utils");
const { setImmediate: realSetImmediate } = require("timers");

const macrotask = () => new Promise((resolve) => realSetImmediate(resolve));

function act(callback) {
  let value;
  const settled = testUtils.act(() => {
    const result = callback();
    if (!result || typeof result.then !== "function") {
      value = result;
      return result;
    }
    return result.then(async (resolved) => {
      value = resolved;
      await macrotask();
    });
  });
  return settled.then(() => value);
}

module.exports = { ...testUtils, act };
