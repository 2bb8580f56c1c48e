import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ManageUsersPage } from "./ManageUsersPage";
import { expectSizedLazyImage } from "../../../testing/images";

const ada = {
  _id: 1,
  name: "Ada Admin",
  photo: "https://images.camp.test/ada.png",
  email: "admin@camp.test",
  role: "admin",
};
const ivy = {
  _id: 2,
  name: "Ivy Instructor",
  photo: "https://images.camp.test/ivy.png",
  email: "ivy@camp.test",
  role: "instructor",
};
const sam = { _id: 3, name: "Sam Student", photo: "", email: "sam@camp.test", role: "student" };

function renderPage(auth = signedIn("admin", { refreshRole: jest.fn(async () => "admin") })) {
  const rendered = renderRoutes([{ path: "/dashboard/all-users", element: <ManageUsersPage /> }], {
    route: "/dashboard/all-users",
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup() };
}

afterEach(() => window.localStorage.clear());

function rowOf(name) {
  return screen.getByRole("row", { name: new RegExp(name) });
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

test("the table lists every user with a count, disabling the button of each one's role", async () => {
  stubApi({ "/users": [ada, ivy, sam] });
  renderPage();

  expect(await screen.findByRole("heading", { name: "Total Users: 3" })).toBeInTheDocument();
  expect(document.title).toBe("Manage Users | Camp");

  const adaRow = within(rowOf("Ada Admin"));
  expect(adaRow.getByRole("rowheader")).toHaveTextContent("1");
  expect(adaRow.getByRole("img", { name: "Ada Admin" })).toHaveAttribute(
    "src",
    "https://images.camp.test/ada.png",
  );
  expectSizedLazyImage(adaRow.getByRole("img", { name: "Ada Admin" }));
  expect(adaRow.getByRole("cell", { name: "admin@camp.test" })).toBeInTheDocument();
  expect(adaRow.getByRole("button", { name: "Make Admin" })).toBeDisabled();
  expect(adaRow.getByRole("button", { name: "Make Instructor" })).toBeEnabled();

  const ivyRow = within(rowOf("Ivy Instructor"));
  expect(ivyRow.getByRole("button", { name: "Make Admin" })).toBeEnabled();
  expect(ivyRow.getByRole("button", { name: "Make Instructor" })).toBeDisabled();

  const samRow = within(rowOf("Sam Student"));
  expect(samRow.getByRole("rowheader")).toHaveTextContent("3");
  expect(samRow.getByRole("button", { name: "Make Admin" })).toBeEnabled();
  expect(samRow.getByRole("button", { name: "Make Instructor" })).toBeEnabled();
});

test("making a student an instructor says so and refreshes the list", async () => {
  const answers = { "/users": [ada, ivy, sam], "/users/instructor/3": { modifiedCount: 1 } };
  const fetch = stubApi(answers);
  window.localStorage.setItem("access-token", "admin-token");
  const { user, auth } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });
  // What the server lists once the change is made.
  answers["/users"] = [ada, ivy, { ...sam, role: "instructor" }];

  await user.click(within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }));

  expect(
    await screen.findByText("Sam Student is successfully made as an instructor"),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }),
    ).toBeDisabled(),
  );
  expect(requests(fetch)).toEqual([
    "GET /api/users",
    "PATCH /api/users/instructor/3",
    "GET /api/users",
  ]);
  expect(fetch.mock.calls[1][1].headers.Authorization).toBe("Bearer admin-token");
  // Someone else's role changed: the admin's own stays as it was.
  expect(auth.refreshRole).not.toHaveBeenCalled();
});

test("making an instructor an admin says so", async () => {
  const answers = { "/users": [ada, ivy, sam], "/users/admin/2": { modifiedCount: 1 } };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });
  answers["/users"] = [ada, { ...ivy, role: "admin" }, sam];

  await user.click(within(rowOf("Ivy Instructor")).getByRole("button", { name: "Make Admin" }));

  expect(
    await screen.findByText("Ivy Instructor is successfully made as an admin"),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(rowOf("Ivy Instructor")).getByRole("button", { name: "Make Admin" }),
    ).toBeDisabled(),
  );
  expect(requests(fetch)).toContain("PATCH /api/users/admin/2");
});

test("an admin changing their own role has it asked again", async () => {
  stubApi({ "/users": [ada, sam], "/users/instructor/1": { modifiedCount: 1 } });
  const { user, auth } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 2" });

  await user.click(within(rowOf("Ada Admin")).getByRole("button", { name: "Make Instructor" }));

  await waitFor(() => expect(auth.refreshRole).toHaveBeenCalledTimes(1));
});

test("a refused change is shown and the list stays", async () => {
  stubApi({
    "/users": [ada, sam],
    "/users/instructor/1": respond(409, { message: "The last admin cannot change role." }),
  });
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 2" });

  await user.click(within(rowOf("Ada Admin")).getByRole("button", { name: "Make Instructor" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("The last admin cannot change role.");
  expect(within(rowOf("Ada Admin")).getByRole("button", { name: "Make Instructor" })).toBeEnabled();
  expect(screen.queryByText(/is successfully made/)).not.toBeInTheDocument();
});

test("a list that cannot be loaded says so", async () => {
  stubApi({ "/users": respond(500, { message: "Server error." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("The users could not be loaded.");
});
