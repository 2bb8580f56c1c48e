import {
  api,
  ApiError,
  fetchFile,
  onUnauthorized,
  SERVER_BUSY,
  SERVER_TROUBLE,
  TOKEN_KEY,
} from "./api";

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

// The client's own tests hand it raw answers, some that no server of ours sends (a proxy's HTML
// page, a body cut short), so they build them here rather than through testing/api.js's checks.
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
  [{ promoCode: ["No such code."] }, "Please check: Promo code."],
  [
    { emergencyContacts: ["Item 1: phone: bad"], photoConsent: ["Answer Yes or No."] },
    "Please check: Emergency contacts and Photo consent.",
  ],
  [{ someApiOnlyName: ["Bad."] }, "Please check what you entered."],
  [
    { non_field_errors: ["Send at least one part of the care record."] },
    "Send at least one part of the care record.",
  ],
])(
  "input refused by field is told in the family's words, never by the API's names",
  async (errors, said) => {
    const names = Object.keys(errors).join(", ");
    serverAnswers(
      400,
      JSON.stringify({ message: `Please check these fields: ${names}.`, errors }),
      "application/json",
    );

    const error = await failureOf(() => api.post("/checkouts", {}));

    expect(error.message).toBe(said);
    expect(error.fieldErrors).toEqual(errors);
  },
);

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

describe("fetchFile", () => {
  afterEach(() => window.localStorage.removeItem(TOKEN_KEY));

  test("asks with the token and the type wanted, and gives the bytes and the file's name", async () => {
    window.localStorage.setItem(TOKEN_KEY, "api-token");
    global.fetch = jest.fn(
      async () =>
        new Response("name,age\r\nMia Lopez,9\r\n", {
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="roster-watercolor.csv"',
          },
        }),
    );

    const { blob, filename } = await fetchFile("/classes/3/roster.csv", { accept: "text/csv" });

    expect(await blob.text()).toBe("name,age\r\nMia Lopez,9\r\n");
    expect(filename).toBe("roster-watercolor.csv");
    const [url, init] = global.fetch.mock.calls[0];
    expect(url).toBe("/api/classes/3/roster.csv");
    expect(init.headers).toMatchObject({ Accept: "text/csv", Authorization: "Bearer api-token" });
  });

  test("a name beyond ASCII is read from filename*", async () => {
    global.fetch = jest.fn(
      async () =>
        new Response("a,b\r\n", {
          headers: {
            "Content-Disposition":
              "attachment; filename=\"roster-cafe.csv\"; filename*=utf-8''roster-caf%C3%A9.csv",
          },
        }),
    );

    expect((await fetchFile("/classes/3/roster.csv")).filename).toBe("roster-café.csv");
  });

  test("a file sent without a name has none", async () => {
    global.fetch = jest.fn(async () => new Response("a,b\r\n"));

    expect((await fetchFile("/classes/3/roster.csv")).filename).toBeNull();
  });

  test("a refusal is the server's ApiError", async () => {
    serverAnswers(404, JSON.stringify({ message: "No such class." }), "application/json");

    const error = await failureOf(() => fetchFile("/classes/3/roster.csv"));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toBe("No such class.");
  });
});

describe("what ends a session", () => {
  let refused;
  let stop;
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_KEY, "api-token");
    refused = jest.fn();
    stop = onUnauthorized(refused);
  });
  afterEach(() => {
    stop();
    window.localStorage.removeItem(TOKEN_KEY);
  });

  test.each([401, 403])("our server's %i to a request with the token", async (status) => {
    serverAnswers(status, JSON.stringify({ message: "Not allowed." }), "application/json");

    const error = await failureOf(() => api.get("/users"));

    expect(refused).toHaveBeenCalledWith(status);
    expect(error.fromOurServer).toBe(true);
  });

  test.each([
    ["a 403 page from a proxy", () => serverAnswers(403, "<h1>Forbidden</h1>")],
    ["a 401 with no body", () => serverAnswers(401, "")],
    ["a 500", () => serverAnswers(500, JSON.stringify({ message: "Oops." }), "application/json")],
    [
      "a network failure",
      () => {
        global.fetch = jest.fn(async () => {
          throw new TypeError("Failed to fetch");
        });
      },
    ],
  ])("not %s", async (_, answer) => {
    answer();

    await failureOf(() => api.get("/users"));

    expect(refused).not.toHaveBeenCalled();
  });

  test("not a 403 that names why one action is refused", async () => {
    serverAnswers(
      403,
      JSON.stringify({
        message: "Attendance for this meeting opens at 8:00 AM on Monday, July 5.",
        code: "attendance_not_open",
      }),
      "application/json",
    );

    const error = await failureOf(() => api.post("/meetings/4/attendance", {}));

    expect(error.status).toBe(403);
    expect(error.body.code).toBe("attendance_not_open");
    expect(refused).not.toHaveBeenCalled();
  });

  test("not an answer to a request sent without the token", async () => {
    serverAnswers(
      401,
      JSON.stringify({ message: "The ID token is not valid." }),
      "application/json",
    );

    const error = await failureOf(() => api.post("/jwt", { idToken: "x" }, { anonymous: true }));

    expect(error.status).toBe(401);
    expect(global.fetch.mock.calls[0][1].headers).not.toHaveProperty("Authorization");
    expect(refused).not.toHaveBeenCalled();
  });
});

test("a busy answer carries when to ask again, in seconds; another none", async () => {
  global.fetch = jest.fn(async () => ({
    ok: false,
    status: 503,
    headers: new Headers({ "Content-Type": "application/json", "Retry-After": "1" }),
    text: async () => JSON.stringify({ message: "Camp is busy." }),
  }));
  await expect(api.get("/eligibility")).rejects.toMatchObject({
    status: 503,
    retryAfterSeconds: 1,
  });

  serverAnswers(500, "<html>trouble</html>");
  await expect(api.get("/eligibility")).rejects.toMatchObject({ retryAfterSeconds: null });
});
