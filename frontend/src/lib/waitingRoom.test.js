import { act, renderHook } from "@testing-library/react";

import { api } from "./api";
import {
  ADMISSION_EXPIRES_KEY,
  ADMISSION_KEY,
  LINE_KEY,
  getAdmission,
  onWaitingRoomRefusal,
  storeAdmission,
  useAdmission,
} from "./waitingRoom";

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

const minutesFromNow = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();
const ADMISSION_ENDS = minutesFromNow(20);
const RENEWED_ENDS = minutesFromNow(40);

beforeEach(() => {
  window.localStorage.clear();
});

// The client's own tests hand it raw answers, as lib/api.test.js does: a gated write's, with the
// headers the server's gate adds.
function serverAnswers(status, body, headers = {}) {
  global.fetch = jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ "Content-Type": "application/json", ...headers }),
    text: async () => JSON.stringify(body),
  }));
  return global.fetch;
}

const sentHeaders = (fetch) => fetch.mock.calls.at(-1)[1].headers;

test("every request carries the admission kept, and keeps the renewed one the answer brings", async () => {
  storeAdmission("admission-1", ADMISSION_ENDS);
  const fetch = serverAnswers(
    201,
    { _id: 5 },
    { "Camp-Admission": "admission-2", "Camp-Admission-Expires": RENEWED_ENDS },
  );

  await api.post("/selectClass", { classId: 1 });

  expect(sentHeaders(fetch)["Camp-Admission"]).toBe("admission-1");
  expect(window.localStorage.getItem(ADMISSION_KEY)).toBe("admission-2");
  expect(window.localStorage.getItem(ADMISSION_EXPIRES_KEY)).toBe(RENEWED_ENDS);

  await api.post("/waitlist", { classId: 1, participantId: 2 });
  expect(sentHeaders(fetch)["Camp-Admission"]).toBe("admission-2");
});

test("without an admission, or with one past its end, none is sent", async () => {
  const fetch = serverAnswers(200, []);
  await api.get("/classes");
  expect(sentHeaders(fetch)).not.toHaveProperty("Camp-Admission");

  storeAdmission("admission-old", minutesFromNow(-1));
  expect(getAdmission()).toBeNull();
  await api.get("/classes");
  expect(sentHeaders(fetch)).not.toHaveProperty("Camp-Admission");
});

test("a write refused for want of a turn forgets the admission and sends the family to the line", async () => {
  storeAdmission("admission-1", ADMISSION_ENDS);
  window.localStorage.setItem(LINE_KEY, "token-1");
  const sent = jest.fn();
  const stop = onWaitingRoomRefusal(sent);
  serverAnswers(429, { message: "Please wait your turn in line.", code: "waiting_room" });

  await expect(api.post("/selectClass", { classId: 1 })).rejects.toMatchObject({
    status: 429,
    message: "Please wait your turn in line.",
  });

  expect(sent).toHaveBeenCalledTimes(1);
  expect(window.localStorage.getItem(ADMISSION_KEY)).toBeNull();
  // The place in the line is still theirs.
  expect(window.localStorage.getItem(LINE_KEY)).toBe("token-1");
  stop();
});

test("another 429 (too many requests) is only a refusal", async () => {
  storeAdmission("admission-1", null);
  const sent = jest.fn();
  const stop = onWaitingRoomRefusal(sent);
  serverAnswers(429, { message: "Too many requests.", code: "throttled" });

  await expect(api.post("/selectClass", { classId: 1 })).rejects.toMatchObject({ status: 429 });

  expect(sent).not.toHaveBeenCalled();
  expect(getAdmission()).toBe("admission-1");
  stop();
});

test("an admission given in another tab reaches this one through the storage event", () => {
  const { result } = renderHook(() => useAdmission());
  expect(result.current).toBeNull();

  act(() => {
    window.localStorage.setItem(ADMISSION_KEY, "admission-3");
    window.dispatchEvent(new StorageEvent("storage", { key: ADMISSION_KEY }));
  });
  expect(result.current).toBe("admission-3");

  act(() => storeAdmission(null));
  expect(result.current).toBeNull();
});
