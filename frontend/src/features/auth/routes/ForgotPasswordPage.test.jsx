import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { sendPasswordReset } from "../../../lib/auth/firebaseAccount";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { LoginPage } from "./LoginPage";
import { ForgotPasswordPage, resetSentMessage } from "./ForgotPasswordPage";

// Firebase is replaced at the adapter's boundary; the page runs for real.
jest.mock("../../../lib/auth/firebaseAccount", () => ({ sendPasswordReset: jest.fn() }));

beforeEach(() => {
  sendPasswordReset.mockReset();
  sendPasswordReset.mockResolvedValue(undefined);
});

function renderPage({ route } = {}) {
  const session = { ...visitor, notify: jest.fn() };
  const rendered = renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
    ],
    { route: route ?? "/forgot-password", auth: session },
  );
  return { ...rendered, session, user: userEvent.setup() };
}

test("the login page leads here with the address typed so far", async () => {
  const { user } = renderPage({ route: "/login" });

  await user.type(screen.getByLabelText("Email"), " ada@camp.test ");
  await user.click(screen.getByRole("link", { name: "Forgot password?" }));

  expect(await screen.findByRole("heading", { name: "Forgot password" })).toBeInTheDocument();
  expect(document.title).toBe("Forgot password | Camp");
  expect(screen.getByLabelText("Email")).toHaveValue("ada@camp.test");
  expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  await expectNoSeriousA11yViolations();
});

test("sending says the same whatever the address, and moves focus to what happened", async () => {
  const { user } = renderPage();

  await user.type(screen.getByLabelText("Email"), "  nobody@camp.test ");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));

  const sent = await screen.findByRole("status");
  expect(sent).toHaveTextContent(resetSentMessage("nobody@camp.test"));
  expect(sent).toHaveTextContent(/^If nobody@camp\.test has an account at Camp, we have sent/);
  expect(sent).toHaveFocus();
  expect(sendPasswordReset).toHaveBeenCalledWith("nobody@camp.test");
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
});

test("a malformed or missing address is refused before anything is sent", async () => {
  const { user } = renderPage();

  await user.click(screen.getByRole("button", { name: "Send reset link" }));
  await waitFor(() =>
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required."),
  );
  await user.type(screen.getByLabelText("Email"), "ada@");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));

  await waitFor(() =>
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "Enter a valid e-mail address.",
    ),
  );
  expect(sendPasswordReset).not.toHaveBeenCalled();
});

test.each([
  [
    "auth/network-request-failed",
    "The sign-in service could not be reached. Check your connection and try again.",
  ],
  ["auth/too-many-requests", "Too many attempts. Please wait a moment and try again."],
])("a failure (%s) says what to do, and the form stays to try again", async (code, message) => {
  const failure = Object.assign(new Error("Firebase: Error."), { code });
  sendPasswordReset.mockRejectedValue(failure);
  const { user } = renderPage();

  await user.type(screen.getByLabelText("Email"), "ada@camp.test");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(message);
  expect(alert).toHaveFocus();
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
  expect(screen.getByLabelText("Email")).toHaveValue("ada@camp.test");
  expect(screen.getByRole("button", { name: "Send reset link" })).toBeEnabled();
});
