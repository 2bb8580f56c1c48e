import { api, ApiError, SERVER_BUSY, SERVER_TROUBLE } from "./api";

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

function serverAnswers(status, text, contentType = "text/html") {
  global.fetch = jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ "Content-Type": contentType }),
    text: async () => text,
  }));
}

async function failureOf(request) {
  try {
    await request();
  } catch (error) {
    return error;
  }
  throw new Error("The request did not fail.");
}

test("a JSON error shows the server's own message", async () => {
  serverAnswers(
    409,
    JSON.stringify({ message: "You have already selected this class." }),
    "application/json",
  );

  const error = await failureOf(() => api.post("/selectClass", { classId: 1 }));

  expect(error).toBeInstanceOf(ApiError);
  expect(error.message).toBe("You have already selected this class.");
});

test.each([
  [500, "<!DOCTYPE html><html><title>OperationalError at /api/selectClass</title>", SERVER_TROUBLE],
  [500, 'Traceback (most recent call last):\n  File "camp/views.py"', SERVER_TROUBLE],
  [502, "<html><body><h1>502 Bad Gateway</h1></body></html>", SERVER_BUSY],
  [503, "Service Unavailable", SERVER_BUSY],
])(
  "a %i that is not our JSON shows a short sentence, never the page",
  async (status, page, said) => {
    serverAnswers(status, page);

    const error = await failureOf(() => api.post("/selectClass", { classId: 1 }));

    expect(error.message).toBe(said);
    expect(error.message).not.toMatch(/<|Traceback|Error at/);
    expect(error.status).toBe(status);
  },
);
