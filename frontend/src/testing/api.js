import { config } from "../config/config";

// A stubbed answer with a status other than 200, or with response headers.
export function respond(status, body, headers = {}) {
  return { __status: status, body, headers };
}

// One page of a paginated list, as the server sends it: the items, and the total in a header.
export function listPage(items, total) {
  return respond(200, items, { "X-Total-Count": String(total) });
}

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

/*
 * Stubs the network for browser code under test: `answers` maps API paths ("/classes") to the
 * JSON the server would send, or to respond(status, body). A key may name the method too
 * ("POST /waitlist"), for a path whose methods answer differently; it wins over the bare path.
 * Unknown paths answer 404.
 */
export function stubApi(answers) {
  global.fetch = jest.fn(async (url, init) => {
    const path = String(url).slice(config.apiBase.length);
    const withMethod = `${init?.method ?? "GET"} ${path}`;
    const key = Object.hasOwn(answers, withMethod) ? withMethod : path;
    let status = 404;
    let body = { message: "Not found." };
    let headers = {};
    if (Object.hasOwn(answers, key)) {
      const answer = answers[key];
      const stubbed = answer && answer.__status !== undefined;
      status = stubbed ? answer.__status : 200;
      body = stubbed ? answer.body : answer;
      headers = (stubbed && answer.headers) || {};
    }
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
  });
  return global.fetch;
}
