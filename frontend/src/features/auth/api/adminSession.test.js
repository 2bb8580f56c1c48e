import { getFirebaseAuth } from "../../../lib/auth/firebase";
import { ADMIN_SESSION_URL, adminDestination, openAdminSession } from "./adminSession";

// Firebase is replaced at the adapter's boundary, as in lib/auth.test.jsx.
jest.mock("../../../lib/auth/firebase", () => ({ getFirebaseAuth: jest.fn() }));

const originalFetch = global.fetch;

beforeEach(() => {
  getFirebaseAuth.mockResolvedValue({
    currentUser: { getIdToken: jest.fn(async () => "id-token-of-lead") },
  });
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

afterEach(() => {
  global.fetch = originalFetch;
});

function answering(status, body) {
  global.fetch = jest.fn(async (url, options = {}) => {
    if (!options.method) document.cookie = "csrftoken=csrf-from-server";
    return { ok: status < 300, status, json: async () => body };
  });
  return global.fetch;
}

test("only Django admin pages count as where to go next", () => {
  expect(adminDestination("?next=/admin/")).toBe("/admin/");
  expect(adminDestination("?next=/admin/classes/class/")).toBe("/admin/classes/class/");
  expect(adminDestination("?next=/dashboard")).toBeNull();
  expect(adminDestination("?next=https://elsewhere.test/admin/")).toBeNull();
  expect(adminDestination("")).toBeNull();
});

test("the ID token is posted with the CSRF token, then the admin page opens", async () => {
  const fetch = answering(200, { redirect: "/admin/" });
  const go = jest.fn();

  await openAdminSession("/admin/classes/class/", { go });

  expect(fetch).toHaveBeenCalledTimes(2);
  const [url, options] = fetch.mock.calls[1];
  expect(url).toBe(ADMIN_SESSION_URL);
  expect(options.method).toBe("POST");
  expect(options.headers["X-CSRFToken"]).toBe("csrf-from-server");
  expect(JSON.parse(options.body)).toEqual({ idToken: "id-token-of-lead" });
  expect(go).toHaveBeenCalledWith("/admin/classes/class/");
});

test("a refusal is reported with the server's reason and goes nowhere", async () => {
  answering(403, { message: "Only admins may use the back office." });
  const go = jest.fn();

  await expect(openAdminSession("/admin/", { go })).rejects.toThrow(
    "Only admins may use the back office.",
  );
  expect(go).not.toHaveBeenCalled();
});
