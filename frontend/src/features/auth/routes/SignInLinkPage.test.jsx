import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ApiError } from "../../../lib/api";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { NO_TICKET, SignInLinkPage } from "./SignInLinkPage";

// Firebase is replaced at the adapter's boundary; the page runs for real.
jest.mock("../../../lib/auth/firebase", () => ({ getFirebaseAuth: jest.fn() }));

const SPENT = "This sign-in link has been used or has expired. Ask for a new one.";

function Home() {
  return <h1>Home</h1>;
}

function openLink({ search = "?ticket=t1", auth = {} } = {}) {
  const session = {
    ...visitor,
    logInWithLink: jest.fn(async () => {}),
    notify: jest.fn(),
    ...auth,
  };
  renderRoutes(
    [
      { path: "/login/link", element: <SignInLinkPage /> },
      { path: "/", element: <Home /> },
    ],
    { route: `/login/link${search}`, auth: session },
  );
  return { session, user: userEvent.setup() };
}

afterEach(() => window.localStorage.clear());

test("opened in the browser that asked, the link signs in at once and welcomes", async () => {
  window.localStorage.setItem("sign-in-link-email", "ada@family.test");
  const { session } = openLink();

  expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  expect(session.logInWithLink).toHaveBeenCalledTimes(1);
  expect(session.logInWithLink).toHaveBeenCalledWith("ada@family.test", "t1");
  expect(session.notify).toHaveBeenCalledWith("You have logged in successfully.");
});

test("opened on another device, the page asks for the address the link went to", async () => {
  const { session, user } = openLink();

  expect(document.title).toBe("Sign in with a link | Camp");
  expect(session.logInWithLink).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText("Email"), "ada@family.test");
  await user.click(screen.getByRole("button", { name: "Sign in" }));

  expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  expect(session.logInWithLink).toHaveBeenCalledWith("ada@family.test", "t1");
});

test("a used or expired link says so and signs nobody in", async () => {
  window.localStorage.setItem("sign-in-link-email", "ada@family.test");
  const spent = new ApiError(409, { message: SPENT, code: "sign_in_link_spent" });
  const { session } = openLink({ auth: { logInWithLink: jest.fn().mockRejectedValue(spent) } });

  expect(await screen.findByRole("alert")).toHaveTextContent(SPENT);
  expect(screen.getByRole("status")).toHaveTextContent(
    "Ask for a new sign-in link on the log in page.",
  );
  expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  expect(session.notify).not.toHaveBeenCalled();
});

test("another address than the link's is shown beside the field", async () => {
  const wrong = new ApiError(400, {
    message: "Some of the input cannot be used.",
    errors: { email: ["This is not the address the sign-in link was sent to."] },
  });
  const { user } = openLink({ auth: { logInWithLink: jest.fn().mockRejectedValue(wrong) } });

  await user.type(screen.getByLabelText("Email"), "eve@else.test");
  await user.click(screen.getByRole("button", { name: "Sign in" }));

  expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription(
    "This is not the address the sign-in link was sent to.",
  );
});

test("a link without its ticket asks for a new one", () => {
  const { session } = openLink({ search: "" });

  expect(screen.getByRole("alert")).toHaveTextContent(NO_TICKET);
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  expect(session.logInWithLink).not.toHaveBeenCalled();
});
