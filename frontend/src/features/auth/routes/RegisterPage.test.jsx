import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ApiError } from "../../../lib/api";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { LoginPage } from "./LoginPage";
import { RegisterPage } from "./RegisterPage";

function renderRegister({ state, register = jest.fn(async () => {}) } = {}) {
  const session = { ...visitor, register, notify: jest.fn() };
  const rendered = renderRoutes(
    [
      { path: "/register", element: <RegisterPage /> },
      { path: "/login", element: <LoginPage /> },
    ],
    { route: { pathname: "/register", state }, auth: session },
  );
  return { ...rendered, session, user: userEvent.setup() };
}

const field = {
  name: () => screen.getByLabelText("Name"),
  photoURL: () => screen.getByLabelText("Photo URL"),
  email: () => screen.getByLabelText("Email"),
  password: () => screen.getByLabelText("Password"),
  confirmPassword: () => screen.getByLabelText("Confirm password"),
};

async function fillIn(user, values) {
  for (const [name, value] of Object.entries(values)) await user.type(field[name](), value);
}

const complete = {
  name: "Sam Student",
  photoURL: "https://images.camp.test/sam.png",
  email: "sam@camp.test",
  password: "Secret1!",
  confirmPassword: "Secret1!",
};

test("the page is titled and offers the login page", () => {
  renderRegister();

  expect(document.title).toBe("Register | Camp");
  expect(screen.getByRole("heading", { name: "Register" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
});

test("visiting every field and leaving them empty shows the spec's messages", async () => {
  const { user } = renderRegister();

  for (const name of Object.keys(field)) await user.click(field[name]());
  await user.tab();

  expect(await screen.findByText("Photo URL is required.")).toBeInTheDocument();
  expect(field.photoURL()).toHaveAccessibleDescription("Photo URL is required.");
  expect(field.email()).toHaveAccessibleDescription("Email is required.");
  expect(field.password()).toHaveAccessibleDescription("Password is required.");
  expect(field.confirmPassword()).toHaveAccessibleDescription("Password is required.");
  // The name is optional.
  expect(field.name()).toHaveAttribute("aria-invalid", "false");
});

test("password rules are the login form's", async () => {
  const { user } = renderRegister();

  await fillIn(user, { password: "abc" });
  await user.tab();
  expect(await screen.findByText("Password must not less than 6 characters.")).toBeInTheDocument();

  await user.clear(field.password());
  await fillIn(user, { password: "abcdef" });
  await user.tab();
  expect(
    await screen.findByText(
      "Password must have at least one upper case character, one lower case character, one number & one special character.",
    ),
  ).toBeInTheDocument();
});

test("a confirmation that differs is refused", async () => {
  const { user, session } = renderRegister();

  await fillIn(user, { ...complete, confirmPassword: "Secret2!" });
  await user.tab();

  expect(await screen.findByText("The Password Doesn't Match")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Register" }));
  expect(session.register).not.toHaveBeenCalled();
});

test("a photo URL must be a URL", async () => {
  const { user } = renderRegister();

  await fillIn(user, { photoURL: "my photo" });
  await user.tab();

  expect(await screen.findByText("Enter a valid URL, starting with https://.")).toBeInTheDocument();
});

test("pasting into the confirmation is blocked, typing is not", async () => {
  const { user } = renderRegister();

  await user.click(field.confirmPassword());
  await user.paste("Secret1!");
  expect(field.confirmPassword()).toHaveValue("");

  await user.click(field.password());
  await user.paste("Secret1!");
  expect(field.password()).toHaveValue("Secret1!");

  await user.type(field.confirmPassword(), "Secret1!");
  expect(field.confirmPassword()).toHaveValue("Secret1!");
});

test("each password field has its own show/hide toggle", async () => {
  const { user } = renderRegister();

  await user.click(screen.getByRole("button", { name: "Show confirm password" }));
  expect(field.confirmPassword()).toHaveAttribute("type", "text");
  expect(field.password()).toHaveAttribute("type", "password");

  await user.click(screen.getByRole("button", { name: "Show password" }));
  expect(field.password()).toHaveAttribute("type", "text");

  await user.click(screen.getByRole("button", { name: "Hide confirm password" }));
  expect(field.confirmPassword()).toHaveAttribute("type", "password");
  expect(screen.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
});

test("registering leads to the login page with a message, keeping the way back", async () => {
  const from = { pathname: "/all-classes", search: "" };
  const { user, session, router } = renderRegister({ state: { from } });

  await fillIn(user, { ...complete, name: " Sam Student " });
  await user.click(screen.getByRole("button", { name: "Register" }));

  expect(await screen.findByRole("heading", { name: "Log In" })).toBeInTheDocument();
  expect(session.register).toHaveBeenCalledWith({
    name: "Sam Student",
    photoURL: "https://images.camp.test/sam.png",
    email: "sam@camp.test",
    password: "Secret1!",
  });
  expect(screen.getByText("Your account is ready. Please log in.")).toHaveAttribute(
    "role",
    "status",
  );
  expect(router.state.location.state.from).toEqual(from);
});

test("an e-mail already in use is explained", async () => {
  const failure = Object.assign(new Error("in use"), { code: "auth/email-already-in-use" });
  const { user, router } = renderRegister({ register: jest.fn().mockRejectedValue(failure) });

  await fillIn(user, complete);
  await user.click(screen.getByRole("button", { name: "Register" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "An account with this e-mail already exists.",
  );
  expect(router.state.location.pathname).toBe("/register");
});

test("the server's field messages show beside the fields", async () => {
  const failure = new ApiError(400, {
    message: "The profile could not be saved.",
    errors: { photo: ["Enter a valid URL."] },
  });
  const { user } = renderRegister({ register: jest.fn().mockRejectedValue(failure) });

  await fillIn(user, complete);
  await user.click(screen.getByRole("button", { name: "Register" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("The profile could not be saved.");
  expect(field.photoURL()).toHaveAccessibleDescription("Enter a valid URL.");
});

test("opening the page gets Firebase ready before the form is sent", () => {
  const prepareSignIn = jest.fn();
  renderRoutes([{ path: "/register", element: <RegisterPage /> }], {
    route: "/register",
    auth: { ...visitor, prepareSignIn },
  });

  expect(prepareSignIn).toHaveBeenCalledTimes(1);
});
