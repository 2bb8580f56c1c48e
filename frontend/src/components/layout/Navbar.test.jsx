import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { OtherPage, renderRoutes, signedIn, visitor } from "../../testing/renderWithProviders";
import { MainLayout } from "./MainLayout";

// The navigation bar as the app mounts it: in the layout, staying put while pages change.
function renderNavbar(options) {
  return renderRoutes(
    [{ path: "/", element: <MainLayout />, children: [{ path: "*", element: <OtherPage /> }] }],
    options,
  );
}

function mainNav() {
  return screen.getByRole("navigation", { name: "Main" });
}

test("a visitor sees the site links and a Log In button", () => {
  renderNavbar();

  const nav = within(mainNav());
  expect(nav.getByRole("link", { name: "Camp" })).toHaveAttribute("href", "/");
  expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  expect(nav.getByRole("link", { name: "All Instructors" })).toHaveAttribute(
    "href",
    "/all-instructors",
  );
  expect(nav.getByRole("link", { name: "All Classes" })).toHaveAttribute("href", "/all-classes");
  expect(nav.getByRole("link", { name: "Gallery" })).toHaveAttribute("href", "/gallery");
  expect(nav.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
  expect(nav.queryByRole("button", { name: "Log Out" })).not.toBeInTheDocument();
  expect(nav.queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
});

test("the link of the current page is marked as current", () => {
  renderNavbar({ route: "/all-classes" });

  expect(within(mainNav()).getByRole("link", { name: "All Classes" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(within(mainNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
});

test("while the session is loading neither Log In nor the user is shown", () => {
  renderNavbar({ auth: { ...visitor, loading: true } });

  expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Log Out" })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
});

test.each([
  ["admin", "/dashboard/all-users"],
  ["instructor", "/dashboard/my-classes"],
  ["student", "/dashboard/my-selected-classes"],
])("the Dashboard button of a signed-in %s leads to %s", (role, href) => {
  renderNavbar({ auth: signedIn(role) });

  expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", href);
  expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
});

test("a signed-in user's photo carries their name as text and tooltip", () => {
  renderNavbar({ auth: signedIn("student") });

  const photo = screen.getByRole("img", { name: "Sam Student" });
  expect(photo).toHaveAttribute("src", "https://images.camp.test/student.png");
  expect(photo).toHaveAttribute("title", "Sam Student");
});

test("a user without a photo is shown by initial, still named", () => {
  const session = signedIn("student");
  session.user.photoURL = null;
  renderNavbar({ auth: session });

  const avatar = screen.getByRole("img", { name: "Sam Student" });
  expect(avatar).toHaveTextContent("S");
  expect(avatar).toHaveAttribute("title", "Sam Student");
});

test("Log Out ends the session, says so and goes to the login page", async () => {
  const user = userEvent.setup();
  const session = signedIn("student");
  const { router } = renderNavbar({ auth: session });

  await user.click(screen.getByRole("button", { name: "Log Out" }));

  expect(session.logOut).toHaveBeenCalledTimes(1);
  // A move between pages is a transition: it lands once React has drawn the next page.
  await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  expect(session.notify).toHaveBeenCalledWith("User is successfully logged out");
});

test("a failed logout is logged and the user stays where they are", async () => {
  const user = userEvent.setup();
  const failure = new Error("network down");
  const session = signedIn("student", { logOut: jest.fn().mockRejectedValue(failure) });
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  const { router } = renderNavbar({ auth: session });

  await user.click(screen.getByRole("button", { name: "Log Out" }));

  expect(logged).toHaveBeenCalledWith(failure);
  expect(router.state.location.pathname).toBe("/");
  expect(session.notify).not.toHaveBeenCalled();
  logged.mockRestore();
});

test("the mobile menu button opens and closes the menu", async () => {
  const user = userEvent.setup();
  renderNavbar();
  const toggler = screen.getByRole("button", { name: "Toggle navigation" });
  const menu = document.getElementById(toggler.getAttribute("aria-controls"));

  expect(toggler).toHaveAttribute("aria-expanded", "false");
  expect(menu).not.toHaveClass("show");

  await user.click(toggler);
  expect(toggler).toHaveAttribute("aria-expanded", "true");
  expect(menu).toHaveClass("show");

  // Following a link closes the menu again.
  await user.click(within(menu).getByRole("link", { name: "All Classes" }));
  expect(screen.getByRole("button", { name: "Toggle navigation" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});
