import { screen, waitFor } from "@testing-library/react";

import { TOKEN_KEY } from "../lib/api";
import { renderApp, stubPublicApi } from "../testing/renderApp";

/*
 * Where the Firebase SDK is imported (in the built app: the "firebase" chunk downloaded): on
 * the pages where people sign in, and on any page of a browser with a stored session, to
 * restore it. The SDK's modules are fakes; the auth state they report is `mockSignedIn`.
 */
const mockImported = new Set();
const mockWatch = jest.fn();
let mockSignedIn = null;
jest.mock("firebase/app", () => {
  mockImported.add("firebase/app");
  return { initializeApp: () => ({}) };
});
jest.mock("firebase/auth", () => {
  mockImported.add("firebase/auth");
  return {
    initializeAuth: () => ({}),
    connectAuthEmulator: () => {},
    onAuthStateChanged: (auth, callback) => {
      mockWatch();
      setTimeout(() => callback(mockSignedIn), 0);
      return () => {};
    },
  };
});

const SAM = {
  uid: "uid-sam",
  email: "sam@camp.test",
  displayName: "Sam Student",
  photoURL: "https://images.camp.test/sam.png",
  getIdToken: async () => "id-token-of-sam",
};

beforeEach(() => {
  window.localStorage.clear();
  mockSignedIn = null;
  mockWatch.mockClear();
  stubPublicApi();
});

test.each(["/login", "/register"])("a visitor opening %s imports Firebase", async (route) => {
  renderApp(route);

  await waitFor(() => expect(mockWatch).toHaveBeenCalledTimes(1));
  expect([...mockImported].sort()).toEqual(["firebase/app", "firebase/auth"]);
  // Firebase knows nobody: the page stays a visitor's.
  expect(screen.getByRole("link", { name: "Log In" })).toBeInTheDocument();
});

test("a visitor asking for the dashboard is sent to /login, which imports Firebase", async () => {
  const router = renderApp("/dashboard/my-selected-classes");

  await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  await waitFor(() => expect(mockWatch).toHaveBeenCalledTimes(1));
});

test("a stored session imports Firebase on a public page and restores the user", async () => {
  window.localStorage.setItem(TOKEN_KEY, "token-of-an-earlier-page");
  mockSignedIn = SAM;

  renderApp("/all-classes");

  expect(await screen.findByRole("button", { name: "Log Out" })).toBeInTheDocument();
  expect(mockWatch).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("img", { name: "Sam Student" })).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
});

test("a stored session Firebase no longer knows ends as a visitor", async () => {
  window.localStorage.setItem(TOKEN_KEY, "token-of-an-earlier-page");

  renderApp("/");

  await waitFor(() => expect(mockWatch).toHaveBeenCalledTimes(1));
  expect(await screen.findByRole("link", { name: "Log In" })).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
});
