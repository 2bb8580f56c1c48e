import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { signInWithLink } from "../../../lib/auth/firebaseAccount";
import { respond, stubApi } from "../../../testing/api";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { LoginPage } from "./LoginPage";
import { NO_TICKET } from "./SignInLinkPage";

// Firebase is replaced at the adapter's boundary; the page and our server's answers run for real.
jest.mock("../../../lib/auth/firebase", () => ({ getFirebaseAuth: jest.fn() }));
jest.mock("../../../lib/auth/firebaseAccount", () => ({ signInWithLink: jest.fn() }));

const SPENT = "This sign-in link has been used or has expired. Ask for a new one.";
const LINK = "http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=c1&apiKey=k";
const ADA = { uid: "uid-ada", email: "ada@family.test" };

function Home() {
  return <h1>Home</h1>;
}

function openLink({ search = "?ticket=t1", redeem = { link: LINK } } = {}) {
  const fetch = stubApi({ "/sign-in-links/redeem": redeem });
  // The session opens with whatever Firebase user the page's sign-in gives.
  const session = { ...visitor, logInWith: jest.fn((signIn) => signIn()), notify: jest.fn() };
  renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/", element: <Home /> },
    ],
    { route: `/login${search}`, auth: session },
  );
  return { fetch, session, user: userEvent.setup() };
}

function redeemed(fetch) {
  return fetch.mock.calls.map(([, init]) => JSON.parse(init.body));
}

beforeEach(() => signInWithLink.mockResolvedValue(ADA));
afterEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
});

test("opened in the browser that asked, the link signs in at once and welcomes", async () => {
  window.localStorage.setItem("sign-in-link-email", "ada@family.test");
  const { fetch, session } = openLink();

  expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  expect(redeemed(fetch)).toEqual([{ email: "ada@family.test", ticket: "t1" }]);
  expect(signInWithLink).toHaveBeenCalledWith("ada@family.test", LINK);
  expect(session.logInWith).toHaveBeenCalledTimes(1);
  expect(session.notify).toHaveBeenCalledWith("You have logged in successfully.");
  expect(window.localStorage.getItem("sign-in-link-email")).toBeNull();
});

test("opened on another device, the page asks for the address the link went to", async () => {
  const { fetch, user } = openLink();

  expect(document.title).toBe("Sign in with a link | Camp");
  expect(fetch).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText("Email"), "ada@family.test");
  await user.click(screen.getByRole("button", { name: "Sign in" }));

  expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  expect(redeemed(fetch)).toEqual([{ email: "ada@family.test", ticket: "t1" }]);
});

test("a used or expired link says so and signs nobody in", async () => {
  window.localStorage.setItem("sign-in-link-email", "ada@family.test");
  const { session } = openLink({
    redeem: respond(409, { message: SPENT, code: "sign_in_link_spent" }),
  });

  expect(await screen.findByRole("alert")).toHaveTextContent(SPENT);
  expect(screen.getByRole("status")).toHaveTextContent(
    "Ask for a new sign-in link on the log in page.",
  );
  expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  expect(signInWithLink).not.toHaveBeenCalled();
  expect(session.notify).not.toHaveBeenCalled();
});

test("another address than the link's is shown beside the field", async () => {
  const { user } = openLink({
    redeem: respond(400, {
      message: "Some of the input cannot be used.",
      errors: { email: ["This is not the address the sign-in link was sent to."] },
    }),
  });

  await user.type(screen.getByLabelText("Email"), "eve@else.test");
  await user.click(screen.getByRole("button", { name: "Sign in" }));

  expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription(
    "This is not the address the sign-in link was sent to.",
  );
  expect(signInWithLink).not.toHaveBeenCalled();
});

test("a link without its ticket asks for a new one", () => {
  const { fetch } = openLink({ search: "?ticket=" });

  expect(screen.getByRole("alert")).toHaveTextContent(NO_TICKET);
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});
