import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SESSION_ENDED } from "../../../lib/auth";
import { getFirebaseAuth } from "../../../lib/auth/firebase";
import { respond, stubApi } from "../../../testing/api";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { LoginPage } from "./LoginPage";

// Firebase is replaced at the adapter's boundary; the page and the admin hand-over run for real.
jest.mock("../../../lib/auth/firebase", () => ({ getFirebaseAuth: jest.fn() }));

const WEAK =
  "Password must have at least one upper case character, one lower case character, one number & one special character.";

function LandedOn() {
  return <h1>Landed</h1>;
}

function renderLogin({ state, search = "", auth = {} } = {}) {
  const session = {
    ...visitor,
    logIn: jest.fn(async () => {}),
    logInWithGoogle: jest.fn(async () => {}),
    notify: jest.fn(),
    ...auth,
  };
  const rendered = renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "*", element: <LandedOn /> },
    ],
    { route: { pathname: "/login", search, state }, auth: session },
  );
  return { ...rendered, session, user: userEvent.setup() };
}

async function fillIn(user, { email, password }) {
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
}

test("the page is titled and offers the register page", () => {
  renderLogin();

  expect(document.title).toBe("Login | Camp");
  expect(screen.getByRole("heading", { name: "Log In" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/register",
  );
});

test("no message shows before a field is visited", async () => {
  const { user } = renderLogin();

  await user.type(screen.getByLabelText("Email"), "s");

  expect(screen.queryByText("Password is required.")).not.toBeInTheDocument();
  expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "false");
});

test("leaving the fields empty says both are required", async () => {
  const { user } = renderLogin();

  await user.click(screen.getByLabelText("Email"));
  await user.click(screen.getByLabelText("Password"));
  await user.tab();

  expect(await screen.findByText("Email is required.")).toBeInTheDocument();
  expect(screen.getByText("Password is required.")).toBeInTheDocument();
  expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required.");
});

test.each([
  ["Ab1!", "Password must not less than 6 characters."],
  ["abcdef1!", WEAK],
  ["ABCDEF1!", WEAK],
  ["Abcdefg!", WEAK],
  ["Abcdefg1", WEAK],
])("the password %s is refused with the spec's words", async (password, message) => {
  const { user } = renderLogin();

  await user.type(screen.getByLabelText("Password"), password);
  await user.tab();

  expect(await screen.findByText(message)).toBeInTheDocument();
});

test.each(["Abcde1!", "Abcde1@", "Abcde1-", "Abcde1_", "Abcde1+", "Abcde1."])(
  "the password %s passes",
  async (password) => {
    const { user } = renderLogin();

    await user.type(screen.getByLabelText("Password"), password);
    await user.tab();

    await screen.findByLabelText("Password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByText(WEAK)).not.toBeInTheDocument();
  },
);

test("the password can be shown and hidden again", async () => {
  const { user } = renderLogin();
  const password = screen.getByLabelText("Password");
  await user.type(password, "Secret1!");

  expect(password).toHaveAttribute("type", "password");
  await user.click(screen.getByRole("button", { name: "Show password" }));
  expect(password).toHaveAttribute("type", "text");
  await user.click(screen.getByRole("button", { name: "Hide password" }));
  expect(password).toHaveAttribute("type", "password");
  expect(password).toHaveValue("Secret1!");
  // The toggle is named by its content, so looking the field up by label finds the field alone.
  expect(screen.getAllByLabelText(/password/i)).toEqual([password]);
});

test("logging in says so and returns to the page the visitor came from", async () => {
  const { user, session, router } = renderLogin({
    state: { from: { pathname: "/all-classes", search: "?page=2", hash: "" } },
  });

  await fillIn(user, { email: " sam@camp.test ", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  expect(await screen.findByRole("heading", { name: "Landed" })).toBeInTheDocument();
  expect(session.logIn).toHaveBeenCalledWith("sam@camp.test", "Secret1!");
  expect(session.notify).toHaveBeenCalledWith("You have logged in successfully.");
  expect(router.state.location.pathname).toBe("/all-classes");
  expect(router.state.location.search).toBe("?page=2");
});

test("without a page to return to, logging in goes home", async () => {
  const { user, router } = renderLogin();

  await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  await screen.findByRole("heading", { name: "Landed" });
  expect(router.state.location.pathname).toBe("/");
});

test("invalid fields are not sent", async () => {
  const { user, session } = renderLogin();

  await fillIn(user, { email: "sam@camp.test", password: "short" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  expect(await screen.findByText("Password must not less than 6 characters.")).toBeInTheDocument();
  expect(session.logIn).not.toHaveBeenCalled();
});

test.each([
  ["auth/invalid-credential", "Wrong e-mail or password."],
  ["auth/wrong-password", "Wrong e-mail or password."],
  ["auth/user-not-found", "Wrong e-mail or password."],
  ["auth/too-many-requests", "Too many attempts. Please wait a moment and try again."],
])("a Firebase %s is explained in plain words", async (code, message) => {
  const failure = Object.assign(new Error(`Firebase: (${code}).`), { code });
  const { user, router } = renderLogin({
    auth: { logIn: jest.fn().mockRejectedValue(failure) },
  });

  await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(message);
  expect(router.state.location.pathname).toBe("/login");
});

test("an unexpected failure gets a general apology and is logged", async () => {
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  const { user } = renderLogin({
    auth: { logIn: jest.fn().mockRejectedValue(new Error("boom")) },
  });

  await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Something went wrong. Please try again.",
  );
  expect(consoleError).toHaveBeenCalled();
  consoleError.mockRestore();
});

test("Google sign-in says so and returns to the page the visitor came from", async () => {
  const { user, session, router } = renderLogin({
    state: { from: { pathname: "/dashboard/all-users", search: "" } },
  });

  await user.click(screen.getByRole("button", { name: "Continue with Google" }));

  expect(await screen.findByRole("heading", { name: "Landed" })).toBeInTheDocument();
  expect(session.logInWithGoogle).toHaveBeenCalledTimes(1);
  expect(session.notify).toHaveBeenCalledWith("You are in your account now.");
  expect(router.state.location.pathname).toBe("/dashboard/all-users");
});

test("closing the Google window is explained and the button works again", async () => {
  const failure = Object.assign(new Error("closed"), { code: "auth/popup-closed-by-user" });
  const { user } = renderLogin({
    auth: { logInWithGoogle: jest.fn().mockRejectedValue(failure) },
  });

  await user.click(screen.getByRole("button", { name: "Continue with Google" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The Google sign-in window was closed.",
  );
  expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
});

test("a message carried to the page is shown", () => {
  renderLogin({ state: { message: "Your account is ready. Please log in." } });

  expect(screen.getByText("Your account is ready. Please log in.")).toHaveAttribute(
    "role",
    "status",
  );
});

test("after a session our server ended, the page says why and logging in returns there", async () => {
  const { user, router } = renderLogin({
    state: {
      message: SESSION_ENDED,
      from: { pathname: "/dashboard/my-enrolled-classes", search: "?page=2", hash: "" },
    },
  });

  expect(screen.getByRole("status")).toHaveTextContent(
    "Your session has ended. Please log in again.",
  );
  await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  await screen.findByRole("heading", { name: "Landed" });
  expect(router.state.location.pathname).toBe("/dashboard/my-enrolled-classes");
  expect(router.state.location.search).toBe("?page=2");
});

test.each([
  ["another site", "//evil.test/steal"],
  ["another site, by a backslash", "/\\evil.test"],
  ["a full address", "https://evil.test/"],
  ["the login page itself", "/login?next=/dashboard"],
])("logging in never returns to %s", async (_, pathname) => {
  const { user, router } = renderLogin({ state: { message: SESSION_ENDED, from: { pathname } } });

  await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
  await user.click(screen.getByRole("button", { name: "Log In" }));

  await screen.findByRole("heading", { name: "Landed" });
  expect(router.state.location.pathname).toBe("/");
});

test("the page has no serious accessibility problems", async () => {
  const { user } = renderLogin();
  await user.click(screen.getByLabelText("Email"));
  await user.tab();
  await screen.findByText("Email is required.");
  // axe measures the Show/Hide button text on a canvas, which jsdom reports it cannot draw.
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});

  await expectNoSeriousA11yViolations();
  consoleError.mockRestore();
});

test("sent by Django admin, a signed-in person who is not an admin is told so and stays", async () => {
  getFirebaseAuth.mockResolvedValue({
    currentUser: { getIdToken: jest.fn(async () => "id-token-of-sam") },
  });
  const originalFetch = global.fetch;
  global.fetch = jest.fn(async () => ({
    ok: false,
    status: 403,
    json: async () => ({ message: "Only admins may use the back office." }),
  }));
  try {
    const { user, session, router } = renderLogin({ search: "?next=/admin/" });

    await fillIn(user, { email: "sam@camp.test", password: "Secret1!" });
    await user.click(screen.getByRole("button", { name: "Log In" }));

    expect(await screen.findByText("Only admins may use the back office.")).toBeInTheDocument();
    const [, posted] = global.fetch.mock.calls.at(-1);
    expect(JSON.parse(posted.body)).toEqual({ idToken: "id-token-of-sam" });
    expect(session.notify).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/login");
  } finally {
    global.fetch = originalFetch;
  }
});

test("opening the page gets Firebase ready before anyone presses a button", () => {
  const { session } = renderLogin({ auth: { prepareSignIn: jest.fn() } });

  expect(session.prepareSignIn).toHaveBeenCalledTimes(1);
  expect(session.logIn).not.toHaveBeenCalled();
});

test("a sign-in link needs the e-mail only, and the page says where it went", async () => {
  const fetch = stubApi({
    "/sign-in-links": respond(202, {
      message: "If a Camp account uses this address, a sign-in link is on its way to it.",
      email: "ada@family.test",
      minutes: 30,
    }),
  });
  const { user } = renderLogin();

  await user.type(screen.getByLabelText("Email"), " ada@family.test ");
  await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));

  expect(await screen.findByRole("status")).toHaveTextContent(
    "If ada@family.test has an account at Camp, we have sent it a sign-in link. It works once, within 30 minutes, on any device.",
  );
  expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ email: "ada@family.test" });
  // Opened in this browser, the link's page knows the address without asking.
  expect(window.localStorage.getItem("sign-in-link-email")).toBe("ada@family.test");
  expect(screen.queryByText("Password is required.")).not.toBeInTheDocument();
});

test("a sign-in link without an e-mail asks for it and sends nothing", async () => {
  const fetch = stubApi({});
  const { user } = renderLogin();

  await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));

  expect(await screen.findByText("Email is required.")).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});

test("a sign-in link the server refuses shows its reason", async () => {
  stubApi({
    "/sign-in-links": respond(429, {
      message: "Several sign-in links went to this address in the last hour.",
    }),
  });
  const { user } = renderLogin();

  await user.type(screen.getByLabelText("Email"), "ada@family.test");
  await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Several sign-in links went to this address in the last hour.",
  );
});
