import { config } from "../config/config";
import { checkAnswer } from "./contract";

// A stubbed answer with a status other than 200, or with response headers.
export function respond(status, body, headers = {}) {
  return { __status: status, body, headers };
}

/*
 * An answer the server's schema rightly cannot describe (a body that is not the API's JSON, a
 * reply a proxy in front of the server would give): sent as it is, unchecked. `reason` says why,
 * in the test, for whoever reads it next.
 */
export function respondUnchecked(reason, status, body, headers = {}) {
  if (typeof reason !== "string" || !reason.trim()) {
    throw new Error("respondUnchecked needs a reason: why may this answer differ from the API?");
  }
  return { ...respond(status, body, headers), __unchecked: reason };
}

// One page of a paginated list, as the server sends it: the items, and the total in a header.
export function listPage(items, total) {
  return respond(200, items, { "X-Total-Count": String(total) });
}

const originalFetch = global.fetch;
// What the stubs of this test answered that the server never would; the test fails on them.
let drifts = [];
afterEach(() => {
  global.fetch = originalFetch;
  const found = drifts;
  drifts = [];
  if (found.length > 0) {
    throw new Error(`A stubbed answer drifts from the API's schema:\n${found.join("\n")}`);
  }
});

// The drifts recorded so far in this test, and forgets them (for a test of the check itself).
export function takeDrifts() {
  const found = drifts;
  drifts = [];
  return found;
}

/*
 * Stubs the network for browser code under test: `answers` maps API paths ("/classes") to the
 * JSON the server would send, or to respond(status, body). A key may name the method too
 * ("POST /waitlist"), for a path whose methods answer differently; it wins over the bare path.
 * Unknown paths answer 404.
 *
 * Every stubbed answer is checked against the server's OpenAPI schema (testing/contract.js):
 * a status the endpoint never answers, or a body it would not send (a field it lacks, a field of
 * the wrong type), rejects the fetch and fails the test.
 */
export function stubApi(answers) {
  global.fetch = jest.fn(async (url, init) => {
    const path = String(url).slice(config.apiBase.length);
    const withMethod = `${init?.method ?? "GET"} ${path}`;
    const key = Object.hasOwn(answers, withMethod) ? withMethod : path;
    if (!Object.hasOwn(answers, key)) {
      // Not a stub of the server: nothing the test set up answers here.
      return response(404, { message: "Not found." });
    }
    const answer = answers[key];
    const stubbed = answer && answer.__status !== undefined;
    const status = stubbed ? answer.__status : 200;
    const body = stubbed ? answer.body : answer;
    const headers = (stubbed && answer.headers) || {};
    if (answer?.__unchecked) return response(status, body, headers);
    return answerFor(url, init, status, body, headers);
  });
  return global.fetch;
}

/*
 * The server's answer to one request, for a test that answers by hand (later, or differently
 * the second time): checked against the schema as stubApi's answers are.
 */
export function answerFor(url, init, status, body, headers = {}) {
  const urlPath = new URL(String(url), "http://camp.test").pathname;
  try {
    checkAnswer(init?.method ?? "GET", urlPath, status, body);
  } catch (drift) {
    drifts.push(drift.message);
    return Promise.reject(drift);
  }
  return Promise.resolve(response(status, body, headers));
}

function response(status, body, headers = {}) {
  const responseHeaders = new Headers({ "Content-Type": "application/json", ...headers });
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: responseHeaders,
    text: async () => JSON.stringify(body),
    // A file answer (fetchFile): the same JSON, as the bytes of a download.
    blob: async () =>
      new Blob([JSON.stringify(body)], { type: responseHeaders.get("Content-Type") }),
  };
}
