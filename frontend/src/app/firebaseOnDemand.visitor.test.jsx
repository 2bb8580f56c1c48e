import { act, screen } from "@testing-library/react";

import { afterTheNextFrame } from "../testing/frames";
import { renderApp, stubPublicApi } from "../testing/renderApp";

/*
 * A visitor (no session stored in this browser) browsing the public pages never imports the
 * Firebase SDK: in the built app that import is the download of the "firebase" chunk. The SDK's
 * modules are replaced by fakes that record being imported; this file holds only visits that
 * must not import them, since a module, once imported, stays imported for the whole file.
 */
const mockImported = [];
jest.mock("firebase/app", () => {
  mockImported.push("firebase/app");
  return { initializeApp: () => ({}) };
});
jest.mock("firebase/auth", () => {
  mockImported.push("firebase/auth");
  return {
    initializeAuth: () => ({}),
    connectAuthEmulator: () => {},
    onAuthStateChanged: (auth, callback) => {
      callback(null);
      return () => {};
    },
  };
});

beforeEach(() => {
  window.localStorage.clear();
  stubPublicApi();
});

// Lets what the first screen puts off run, and every promise it starts (a dynamic import among
// them) settle.
const settle = afterTheNextFrame;

test.each([
  ["/", "Watercolor Basics"],
  ["/all-instructors", "Ada Brush"],
  ["/all-classes", "Pottery Wheel"],
])("a visitor on %s is logged out at once and never imports Firebase", async (route, shown) => {
  renderApp(route);

  expect(await screen.findByRole("heading", { name: shown })).toBeInTheDocument();
  // Known to be logged out without asking Firebase: the Log In button and an open Select.
  expect(screen.getByRole("link", { name: "Log In" })).toBeInTheDocument();
  await settle();

  expect(mockImported).toEqual([]);
});

test("a visitor pressing Select is warned without importing Firebase", async () => {
  renderApp("/all-classes");
  const select = await screen.findByRole("button", { name: "Select" });
  expect(select).toBeEnabled();
  await act(async () => select.click());
  await settle();

  expect(screen.getByRole("dialog")).toBeInTheDocument();
  expect(mockImported).toEqual([]);
});
