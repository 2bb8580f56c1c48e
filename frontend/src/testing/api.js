import { config } from "../config/config";

// A stubbed answer with a status other than 200.
export function respond(status, body) {
  return { __status: status, body };
}

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

/*
 * Stubs the network for browser code under test: `answers` maps API paths ("/classes") to the
 * JSON the server would send, or to respond(status, body). Unknown paths answer 404.
 */
export function stubApi(answers) {
  global.fetch = jest.fn(async (url) => {
    const path = String(url).slice(config.apiBase.length);
    let status = 404;
    let body = { message: "Not found." };
    if (Object.hasOwn(answers, path)) {
      const answer = answers[path];
      const stubbed = answer && answer.__status !== undefined;
      status = stubbed ? answer.__status : 200;
      body = stubbed ? answer.body : answer;
    }
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(body),
    };
  });
  return global.fetch;
}
