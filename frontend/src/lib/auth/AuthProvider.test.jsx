import { act, cleanup, render, screen, waitFor } from "@testing-library/react";

import { answerFor, respond, stubApi } from "../../testing/api";
import { api, ApiError, TOKEN_KEY } from "../api";
import { NoticesProvider, useNotices } from "../notices";
import {
  AuthProvider,
  RECONNECTING_NOTICE,
  SESSION_ENDED,
  SIGNED_IN_KEY,
  useAuth,
} from "./AuthProvider";
import { RECONNECT_DELAY_MS, renewalDelay, RETRY_DELAYS_MS, TOKEN_OWNER_KEY } from "./tokens";
import * as firebase from "./firebase";

// Firebase itself is replaced at the adapter's boundary; everything past it runs for real.
jest.mock("./firebase", () => ({
  watchAuthState: jest.fn(),
  signInWithPassword: jest.fn(),
  signInWithGoogle: jest.fn(),
  createAccount: jest.fn(),
  sendVerification: jest.fn(),
  signOutUser: jest.fn(),
}));

const SAM = "sam@camp.test";
// The person as our server answers them with the token.
function signedInAs(role) {
  return { _id: 7, name: "Sam Student", photo: "", email: SAM, role };
}

function firebaseUser(email = SAM) {
  return {
    uid: `uid-${email}`,
    email,
    displayName: "Sam Student",
    photoURL: "https://images.camp.test/sam.png",
    getIdToken: jest.fn(async () => `id-token-of-${email}`),
  };
}

// The fake behaves as the SDK does: one listener, told of every sign-in and sign-out.
let listener;
function report(user) {
  if (listener) listener(user);
}

beforeEach(() => {
  listener = null;
  window.localStorage.clear();
  firebase.watchAuthState.mockImplementation(async (callback) => {
    listener = callback;
    return () => {
      listener = null;
    };
  });
  firebase.signInWithPassword.mockImplementation(async (email) => {
    const user = firebaseUser(email);
    report(user);
    return user;
  });
  firebase.signInWithGoogle.mockImplementation(async () => {
    const user = firebaseUser();
    report(user);
    return user;
  });
  firebase.createAccount.mockImplementation(async ({ email }) => {
    const user = firebaseUser(email);
    report(user);
    return user;
  });
  firebase.signOutUser.mockImplementation(async () => report(null));
});

afterEach(() => jest.clearAllMocks());

function serverWith({ role = "student", ...more } = {}) {
  return stubApi({
    "/jwt": { token: "api-token", user: signedInAs(role) },
    "/logout": { message: "Signed out." },
    ...more,
  });
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => ({
    request: `${init.method} ${url}`,
    body: init.body === undefined ? undefined : JSON.parse(init.body),
    authorization: init.headers.Authorization,
  }));
}

let session;
function Session() {
  session = useAuth();
  if (session.loading) return <p>loading</p>;
  if (!session.user) return <p>logged out</p>;
  return (
    <p>
      {session.user.email} as {session.role}
    </p>
  );
}

// The message the session asked the app to show, as the app's toast would show it.
function Notice() {
  return <p role="status">{useNotices().notice}</p>;
}

function renderProvider() {
  const navigate = jest.fn();
  render(
    <NoticesProvider>
      <AuthProvider navigate={navigate}>
        <Session />
      </AuthProvider>
      <Notice />
    </NoticesProvider>,
  );
  return { navigate };
}

// A browser that was signed in before this page load: Firebase is asked who it is.
function returningBrowser() {
  window.localStorage.setItem(TOKEN_KEY, "token-of-an-earlier-page");
}

async function openSession(role = "student") {
  const fetch = serverWith({ role });
  returningBrowser();
  const rendered = renderProvider();
  await act(async () => report(firebaseUser()));
  await screen.findByText(`${SAM} as ${role}`);
  return { ...rendered, fetch };
}

test("a visitor is logged out at once: Firebase is not started and our server not asked", () => {
  const fetch = serverWith();

  renderProvider();

  expect(screen.getByText("logged out")).toBeInTheDocument();
  for (const call of [
    firebase.watchAuthState,
    firebase.signInWithPassword,
    firebase.signInWithGoogle,
    firebase.createAccount,
    firebase.signOutUser,
  ]) {
    expect(call).not.toHaveBeenCalled();
  }
  expect(fetch).not.toHaveBeenCalled();
});

test("a token left from an earlier visit is dropped, and Firebase asked who is signed in", async () => {
  const fetch = serverWith();
  window.localStorage.setItem(TOKEN_KEY, "expired-token");

  renderProvider();

  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(screen.getByText("loading")).toBeInTheDocument();
  expect(firebase.watchAuthState).toHaveBeenCalledTimes(1);

  // Signed out meanwhile (elsewhere, or the sign-in expired): a visitor, and nothing asked.
  await act(async () => report(null));

  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
  expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBeNull();
});

test("a page left during the token exchange is restored on the next load", async () => {
  // Our server never answers the exchange on the first page.
  global.fetch = jest.fn(() => new Promise(() => {}));
  renderProvider();
  act(() => {
    session.logIn(SAM, "Secret1!").catch(() => {});
  });
  expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBe("1");
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  cleanup();
  jest.clearAllMocks();
  serverWith();

  renderProvider();

  expect(screen.getByText("loading")).toBeInTheDocument();
  expect(firebase.watchAuthState).toHaveBeenCalledTimes(1);
  await act(async () => report(firebaseUser()));
  expect(await screen.findByText(`${SAM} as student`)).toBeInTheDocument();
});

test("preparing a sign-in starts Firebase once, however often it is asked", async () => {
  renderProvider();

  act(() => {
    session.prepareSignIn();
    session.prepareSignIn();
  });

  expect(firebase.watchAuthState).toHaveBeenCalledTimes(1);
  // Nobody signed in with Firebase: still a visitor, never left waiting.
  await act(async () => report(null));
  expect(screen.getByText("logged out")).toBeInTheDocument();
});

test.each(["admin", "instructor", "student"])(
  "a signed-in %s gets our token and the role in one request",
  async (role) => {
    const { fetch } = await openSession(role);

    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
    expect(session.user).toEqual({
      email: SAM,
      displayName: "Sam Student",
      photoURL: "https://images.camp.test/sam.png",
    });
    const sent = requests(fetch);
    expect(sent[0]).toEqual({
      request: "POST /api/jwt",
      body: { email: SAM, idToken: `id-token-of-${SAM}` },
      authorization: undefined,
    });
    expect(session.role).toBe(role);
    expect(sent).toHaveLength(1);
  },
);

test("logging in resolves once the session is open, with a single token exchange", async () => {
  const fetch = serverWith({ role: "admin" });
  renderProvider();

  await act(() => session.logIn(SAM, "Secret1!"));

  // Firebase started with the sign-in, so its listener follows the session from now on.
  expect(firebase.watchAuthState).toHaveBeenCalledTimes(1);
  expect(firebase.signInWithPassword).toHaveBeenCalledWith(SAM, "Secret1!");
  expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
  expect(screen.getByText(`${SAM} as admin`)).toBeInTheDocument();
  expect(requests(fetch).filter(({ request }) => request === "POST /api/jwt")).toHaveLength(1);
});

test("a refused token exchange is logged and ends the Firebase sign-in too", async () => {
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  serverWith({ "/jwt": respond(401, { message: "The ID token is not valid." }) });
  renderProvider();
  await act(async () => report(null));

  let failure;
  await act(() => session.logIn(SAM, "Secret1!").catch((error) => (failure = error)));

  expect(failure).toBeInstanceOf(ApiError);
  expect(failure.status).toBe(401);
  expect(consoleError).toHaveBeenCalled();
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  consoleError.mockRestore();
});

test("signing out elsewhere (Firebase reports no user) removes the token and the role", async () => {
  await openSession("admin");

  await act(async () => report(null));

  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(session.role).toBeNull();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
});

// Where the login page is asked to say why, and to bring the person back afterwards.
function toLogInAgainFrom(pathname, search = "", hash = "") {
  return ["/login", { state: { message: SESSION_ENDED, from: { pathname, search, hash } } }];
}

test.each([401, 403])(
  "a %s from our server during a session logs out and goes to /login, saying why",
  async (status) => {
    window.history.pushState({}, "", "/dashboard/my-selected-classes?page=2");
    const { fetch, navigate } = await openSession();
    fetch.mockImplementationOnce((url, init) =>
      answerFor(url, init, status, { message: "Not allowed." }),
    );

    await act(() => api.get("/selectClass?email=sam%40camp.test").catch(() => {}));

    expect(navigate).toHaveBeenCalledWith(
      ...toLogInAgainFrom("/dashboard/my-selected-classes", "?page=2"),
    );
    // A guarded page that sends the person to log in first says the same.
    expect(session.sessionEnded).toBe(true);
    expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByText("logged out")).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    window.history.pushState({}, "", "/");
  },
);

// Answers no server of ours sends (a proxy's page, an empty 401), so built here, unchecked.
test.each([
  [
    "a 403 page from something between us",
    () => ({ ok: false, status: 403, text: async () => "<h1>Forbidden</h1>" }),
  ],
  ["a 401 with no body", () => ({ ok: false, status: 401, text: async () => "" })],
  ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
])("%s during a session keeps the person signed in", async (_, answer) => {
  const { fetch, navigate } = await openSession();
  fetch.mockImplementationOnce(async () => answer());

  await act(() => api.get("/selectClass?email=sam%40camp.test").catch(() => {}));

  expect(navigate).not.toHaveBeenCalled();
  expect(firebase.signOutUser).not.toHaveBeenCalled();
  expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
});

test("a 401 while nobody is signed in sends nobody anywhere", async () => {
  stubApi({ "/classes": respond(401, { message: "Token expired." }) });
  const { navigate } = renderProvider();
  await act(async () => report(null));
  window.localStorage.setItem(TOKEN_KEY, "expired-token");

  await act(() => api.get("/classes").catch(() => {}));

  expect(navigate).not.toHaveBeenCalled();
  expect(firebase.signOutUser).not.toHaveBeenCalled();
});

test("logging out signs out of Firebase and forgets the session", async () => {
  await openSession();
  expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBe("1");

  await act(() => session.logOut());

  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  // The next page load is a visitor's: no Firebase.
  expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBeNull();
});

test("a logout Firebase refuses rejects and keeps the session", async () => {
  await openSession();
  firebase.signOutUser.mockRejectedValueOnce(new Error("network down"));

  await expect(act(() => session.logOut())).rejects.toThrow("network down");

  expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
});

test("Google sign-in saves the profile with our token once it is exchanged", async () => {
  const fetch = serverWith({ "/users": respond(201, { insertedId: 7 }) });
  renderProvider();
  await act(async () => report(null));

  await act(() => session.logInWithGoogle());

  const sent = requests(fetch);
  expect(sent[0].request).toBe("POST /api/jwt");
  expect(sent.at(-1)).toEqual({
    request: "POST /api/users",
    body: { name: "Sam Student", photo: "https://images.camp.test/sam.png", email: SAM },
    authorization: "Bearer api-token",
  });
  expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
});

test("a sign-in its page brings (an e-mailed link) opens the session as a password does", async () => {
  const fetch = serverWith();
  renderProvider();
  await act(async () => report(null));

  await act(() =>
    session.logInWith(async () => {
      const user = firebaseUser();
      report(user);
      return user;
    }),
  );

  expect(requests(fetch).map(({ request, body }) => [request, body])).toEqual([
    ["POST /api/jwt", { email: SAM, idToken: `id-token-of-${SAM}` }],
  ]);
  expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
});

test("a sign-in its page brings that fails opens nothing", async () => {
  const fetch = serverWith();
  renderProvider();
  await act(async () => report(null));
  const spent = new Error("This sign-in link has been used or has expired. Ask for a new one.");

  await expect(act(() => session.logInWith(() => Promise.reject(spent)))).rejects.toBe(spent);

  expect(requests(fetch)).toEqual([]);
  expect(screen.getByText("logged out")).toBeInTheDocument();
});

test("registering creates the account, saves the profile, then ends logged out", async () => {
  const fetch = serverWith({ "/users": respond(201, { insertedId: 7 }) });
  renderProvider();
  await act(async () => report(null));

  await act(() =>
    session.register({
      name: "Sam Student",
      photoURL: "https://images.camp.test/sam.png",
      email: SAM,
      password: "Secret1!",
    }),
  );

  expect(firebase.createAccount).toHaveBeenCalledWith({
    name: "Sam Student",
    photoURL: "https://images.camp.test/sam.png",
    email: SAM,
    password: "Secret1!",
  });
  const sent = requests(fetch);
  expect(sent[0].request).toBe("POST /api/jwt");
  expect(sent.at(-1)).toEqual({
    request: "POST /api/users",
    body: { name: "Sam Student", photo: "https://images.camp.test/sam.png", email: SAM },
    authorization: "Bearer api-token",
  });
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
});

test("a profile the server refuses fails the registration, which still ends logged out", async () => {
  serverWith({
    "/users": respond(400, { message: "Invalid.", errors: { photo: ["Enter a valid URL."] } }),
  });
  renderProvider();
  await act(async () => report(null));

  let failure;
  await act(() =>
    session
      .register({ name: "", photoURL: "https://x.test/a.png", email: SAM, password: "Secret1!" })
      .catch((error) => (failure = error)),
  );

  expect(failure.fieldErrors).toEqual({ photo: ["Enter a valid URL."] });
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(screen.getByText("logged out")).toBeInTheDocument();
});

test("a sign-up that fails after Firebase signed the new user in still ends logged out", async () => {
  serverWith();
  firebase.createAccount.mockImplementationOnce(async ({ email }) => {
    report(firebaseUser(email));
    throw Object.assign(new Error("profile refused"), { code: "auth/internal-error" });
  });
  renderProvider();
  await act(async () => report(null));

  await expect(
    act(() =>
      session.register({
        name: "",
        photoURL: "https://x.test/a.png",
        email: SAM,
        password: "A1!aaa",
      }),
    ),
  ).rejects.toThrow("profile refused");
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(screen.getByText("logged out")).toBeInTheDocument();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
});

test("refreshRole asks the server again", async () => {
  const { fetch } = await openSession("student");
  fetch.mockClear();
  serverWith({ role: "instructor" });

  await act(() => session.refreshRole());

  expect(screen.getByText(`${SAM} as instructor`)).toBeInTheDocument();
});

test("if Firebase cannot start, the user is logged out rather than left waiting", async () => {
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  firebase.watchAuthState.mockRejectedValueOnce(new Error("chunk failed to load"));
  returningBrowser();

  renderProvider();

  expect(await screen.findByText("logged out")).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
  consoleError.mockRestore();
});

// An API token as the server makes them: only its times matter to the browser.
function apiToken(lifeSeconds, name = "t", { ageSeconds = 0 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const iat = now - ageSeconds;
  const payload = btoa(JSON.stringify({ iat, exp: iat + lifeSeconds, jti: name }));
  return `header.${payload.replace(/=+$/, "")}.signature`;
}

test("a token is renewed a minute before it ends, or halfway through a shorter life", () => {
  const now = Date.now();

  expect(renewalDelay(apiToken(600), now)).toBeGreaterThan(535_000);
  expect(renewalDelay(apiToken(600), now)).toBeLessThanOrEqual(541_000);
  expect(renewalDelay(apiToken(20), now)).toBeGreaterThan(8_000);
  expect(renewalDelay(apiToken(20), now)).toBeLessThanOrEqual(11_000);
  expect(renewalDelay("not-a-token", now)).toBeNull();
});

// Our server, answering the nth token exchange with the nth of `answers` ([status, body], or
// NETWORK_DOWN, ABORTED: no answer at all; the last one repeats); the count of exchanges so far.
const NETWORK_DOWN = "network down";
const ABORTED = "aborted";
// A proxy's page in front of a server that is down: not the API's answer, so not checked as one.
const GATEWAY_PAGE = "gateway page";
function serverWithExchanges(answers) {
  const fetch = serverWith();
  const answer = fetch.getMockImplementation();
  const counted = { exchanges: 0 };
  fetch.mockImplementation(async (url, init) => {
    if (!String(url).endsWith("/jwt")) return answer(url, init);
    const next = answers[Math.min(counted.exchanges, answers.length - 1)];
    counted.exchanges += 1;
    if (next === NETWORK_DOWN) throw new TypeError("Failed to fetch");
    if (next === ABORTED) throw new DOMException("The user aborted a request.", "AbortError");
    if (next === GATEWAY_PAGE) {
      return {
        ok: false,
        status: 502,
        headers: new Headers({ "Content-Type": "text/html" }),
        text: async () => "<html><h1>502 Bad Gateway</h1></html>",
      };
    }
    const [status, body] = next;
    return answerFor(url, init, status, body);
  });
  return counted;
}

test("the session renews its token with a fresh ID token, without a sign-out", async () => {
  const first = apiToken(2, "first");
  const second = apiToken(600, "second");
  serverWithExchanges([
    [200, { token: first, user: signedInAs("student") }],
    [200, { token: second, user: signedInAs("instructor") }],
  ]);
  const user = firebaseUser();
  returningBrowser();
  const { navigate } = renderProvider();
  await act(async () => report(user));
  await screen.findByText(`${SAM} as student`);
  expect(window.localStorage.getItem(TOKEN_KEY)).toBe(first);

  await waitFor(() => expect(window.localStorage.getItem(TOKEN_KEY)).toBe(second), {
    timeout: 3000,
  });

  expect(user.getIdToken).toHaveBeenLastCalledWith(true);
  // The role comes with each token: one an admin changed meanwhile shows without a reload.
  expect(await screen.findByText(`${SAM} as instructor`)).toBeInTheDocument();
  expect(firebase.signOutUser).not.toHaveBeenCalled();
  expect(navigate).not.toHaveBeenCalled();
});

test("a refused renewal signs the person out and sends them to log in", async () => {
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  serverWithExchanges([
    [200, { token: apiToken(2), user: signedInAs("student") }],
    [401, { message: "The sign-in token is not valid." }],
  ]);
  returningBrowser();
  const { navigate } = renderProvider();
  await act(async () => report(firebaseUser()));
  await screen.findByText(`${SAM} as student`);

  await waitFor(() => expect(navigate).toHaveBeenCalledWith(...toLogInAgainFrom("/")), {
    timeout: 3000,
  });

  expect(firebase.signOutUser).toHaveBeenCalled();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  consoleError.mockRestore();
});

test("a sign-in refused for an unverified e-mail can send the verification e-mail", async () => {
  serverWith({
    "/jwt": respond(403, {
      message: "Verify your e-mail address to use it.",
      code: "email_not_verified",
    }),
  });
  renderProvider();
  let refusal;
  await act(async () => {
    refusal = await session.logIn(SAM, "Secret1!").catch((error) => error);
  });

  expect(refusal).toBeInstanceOf(ApiError);
  expect(refusal.body.code).toBe("email_not_verified");
  expect(screen.getByText("logged out")).toBeInTheDocument();
  // Still signed in to Firebase: the verification e-mail is sent to this very account.
  expect(firebase.signOutUser).not.toHaveBeenCalled();

  await act(async () => session.sendVerificationEmail());

  expect(firebase.sendVerification).toHaveBeenCalledWith(expect.objectContaining({ email: SAM }));
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
});

test("log out ends the token at our server before Firebase signs out", async () => {
  const { fetch } = await openSession();

  await act(async () => session.logOut());

  const calls = requests(fetch).map(({ request, authorization }) => [request, authorization]);
  expect(calls.at(-1)).toEqual(["POST /api/logout", "Bearer api-token"]);
  expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(screen.getByText("logged out")).toBeInTheDocument();
});

test("a page left while logging out leaves no token to be taken up again", async () => {
  const { fetch } = await openSession();
  expect(window.localStorage.getItem(TOKEN_OWNER_KEY)).not.toBeNull();
  const answer = fetch.getMockImplementation();
  let ownerWhileEnding = "not asked";
  fetch.mockImplementation(async (url, init) => {
    if (String(url).endsWith("/logout")) {
      ownerWhileEnding = window.localStorage.getItem(TOKEN_OWNER_KEY);
    }
    return answer(url, init);
  });

  await act(async () => session.logOut());

  expect(ownerWhileEnding).toBeNull();
});

describe("an exchange that meets an outage", () => {
  const busy = [503, { message: "Sign-in is unavailable, try again shortly." }];
  const throttled = [429, { message: "Too many sign-ins. Try again in a minute." }];
  const gatewayPage = GATEWAY_PAGE;
  const accepted = [200, { token: "api-token", user: signedInAs("student") }];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const later = (ms) => act(() => jest.advanceTimersByTimeAsync(ms));

  test("is asked again after 0.5 s, 1 s, 2 s, 4 s, never signing the person out", async () => {
    const counted = serverWithExchanges([
      busy,
      NETWORK_DOWN,
      throttled,
      ABORTED,
      gatewayPage,
      accepted,
    ]);
    returningBrowser();
    const { navigate } = renderProvider();
    await act(async () => report(firebaseUser()));
    expect(counted.exchanges).toBe(1);

    for (const [wait, asked] of [
      [500, 2],
      [1000, 3],
      [2000, 4],
      [4000, 5],
    ]) {
      await later(wait - 1);
      expect(counted.exchanges).toBe(asked - 1);
      await later(1);
      expect(counted.exchanges).toBe(asked);
      // Still opening the session, never logged out.
      expect(screen.getByText("loading")).toBeInTheDocument();
    }
    expect(RETRY_DELAYS_MS).toEqual([500, 1000, 2000, 4000]);

    // The quick tries are spent: the person is told, and asked again at a slower pace.
    expect(screen.getByText(RECONNECTING_NOTICE)).toHaveAttribute("role", "status");
    await later(RECONNECT_DELAY_MS);

    expect(counted.exchanges).toBe(6);
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    expect(screen.queryByText(RECONNECTING_NOTICE)).not.toBeInTheDocument();
    expect(firebase.signOutUser).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  test("a blip that passes within the quick tries shows no notice", async () => {
    const counted = serverWithExchanges([busy, NETWORK_DOWN, accepted]);
    returningBrowser();
    renderProvider();
    await act(async () => report(firebaseUser()));

    await later(500);
    expect(screen.queryByText(RECONNECTING_NOTICE)).not.toBeInTheDocument();
    await later(1000);

    expect(counted.exchanges).toBe(3);
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    expect(screen.queryByText(RECONNECTING_NOTICE)).not.toBeInTheDocument();
  });

  test("a renewal through an outage keeps the person signed in, with the notice", async () => {
    const counted = serverWithExchanges([
      [200, { token: apiToken(600, "first"), user: signedInAs("student") }],
      busy,
      NETWORK_DOWN,
      busy,
      NETWORK_DOWN,
      busy,
      [200, { token: apiToken(600, "second"), user: signedInAs("student") }],
    ]);
    returningBrowser();
    const { navigate } = renderProvider();
    await act(async () => report(firebaseUser()));
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();

    // A minute before the token ends it is renewed; every try fails for a while.
    await later(renewalDelay(window.localStorage.getItem(TOKEN_KEY)));
    await later(500 + 1000 + 2000 + 4000);

    expect(counted.exchanges).toBe(6);
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    expect(screen.getByText(RECONNECTING_NOTICE)).toBeInTheDocument();

    await later(RECONNECT_DELAY_MS);

    expect(counted.exchanges).toBe(7);
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    expect(screen.queryByText(RECONNECTING_NOTICE)).not.toBeInTheDocument();
    expect(firebase.signOutUser).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  test("a renewal refused after an outage signs out, saying why", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    serverWithExchanges([
      [200, { token: apiToken(600), user: signedInAs("student") }],
      busy,
      [401, { message: "This account is disabled." }],
    ]);
    returningBrowser();
    const { navigate } = renderProvider();
    await act(async () => report(firebaseUser()));

    await later(renewalDelay(window.localStorage.getItem(TOKEN_KEY)));
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    await later(500);

    expect(navigate).toHaveBeenCalledWith(...toLogInAgainFrom("/"));
    expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByText("logged out")).toBeInTheDocument();
    consoleError.mockRestore();
  });

  test("logging in through an outage resolves once our server answers", async () => {
    const counted = serverWithExchanges([busy, ABORTED, accepted]);
    const { navigate } = renderProvider();
    let opened = false;
    act(() => {
      session.logIn(SAM, "Secret1!").then(() => (opened = true));
    });

    await later(500 + 1000);

    expect(opened).toBe(true);
    expect(counted.exchanges).toBe(3);
    expect(screen.getByText(`${SAM} as student`)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("a page load that finds a token", () => {
  function storedToken(token, owner) {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(SIGNED_IN_KEY, "1");
    if (owner) window.localStorage.setItem(TOKEN_OWNER_KEY, JSON.stringify(owner));
  }

  const exchanges = (fetch) =>
    requests(fetch).filter(({ request }) => request === "POST /api/jwt").length;

  test("uses a token of the same person still far from its end, without an exchange", async () => {
    const token = apiToken(600);
    storedToken(token, { uid: `uid-${SAM}`, role: "instructor" });
    const fetch = serverWith();

    renderProvider();
    // Sent with requests while Firebase is asked who this is: it is still good.
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
    await act(async () => report(firebaseUser()));

    expect(screen.getByText(`${SAM} as instructor`)).toBeInTheDocument();
    expect(exchanges(fetch)).toBe(0);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  test("renews that token shortly before it ends, as any other", async () => {
    jest.useFakeTimers();
    storedToken(apiToken(600), { uid: `uid-${SAM}`, role: "student" });
    const fetch = serverWith();
    renderProvider();
    await act(async () => report(firebaseUser()));
    expect(exchanges(fetch)).toBe(0);

    await act(() => jest.advanceTimersByTimeAsync(541_000));

    expect(exchanges(fetch)).toBe(1);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
    jest.useRealTimers();
  });

  test.each([
    [
      "due for renewal",
      () => apiToken(600, "t", { ageSeconds: 560 }),
      { uid: `uid-${SAM}`, role: "student" },
    ],
    ["expired", () => apiToken(-10), { uid: `uid-${SAM}`, role: "student" }],
    ["of someone else", () => apiToken(600), { uid: "uid-ada@camp.test", role: "admin" }],
    ["of nobody known", () => apiToken(600), null],
  ])("exchanges a token %s for a fresh one", async (_, token, owner) => {
    storedToken(token(), owner);
    const fetch = serverWith();

    renderProvider();
    await act(async () => report(firebaseUser()));

    expect(await screen.findByText(`${SAM} as student`)).toBeInTheDocument();
    expect(exchanges(fetch)).toBe(1);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("api-token");
  });

  test("drops the token when Firebase reports nobody", async () => {
    storedToken(apiToken(600), { uid: `uid-${SAM}`, role: "student" });
    renderProvider();

    await act(async () => report(null));

    expect(screen.getByText("logged out")).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(TOKEN_OWNER_KEY)).toBeNull();
  });

  test("a restored session our server refuses ends with the reason, back to this page", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    window.history.pushState({}, "", "/dashboard/my-enrolled-classes");
    serverWith({ "/jwt": respond(401, { message: "This account is disabled." }) });
    returningBrowser();
    const { navigate } = renderProvider();

    await act(async () => report(firebaseUser()));

    expect(navigate).toHaveBeenCalledWith(...toLogInAgainFrom("/dashboard/my-enrolled-classes"));
    expect(firebase.signOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByText("logged out")).toBeInTheDocument();
    window.history.pushState({}, "", "/");
    consoleError.mockRestore();
  });
});
