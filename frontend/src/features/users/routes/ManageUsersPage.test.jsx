import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
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

const FIRST_PAGE = "/users?page=1&page_size=20";
const COUNT_EVERYONE = "/users?page=1&page_size=1";

function searchPage(words, page = 1) {
  return `/users?page=${page}&page_size=20&search=${encodeURIComponent(words)}`;
}

// The signed-in admin is Ada (admin@camp.test).
function renderPage(route = "/dashboard/all-users") {
  const rendered = renderRoutes([{ path: "/dashboard/all-users", element: <ManageUsersPage /> }], {
    route,
    auth: signedIn("admin"),
  });
  return { ...rendered, user: userEvent.setup() };
}

afterEach(() => window.localStorage.clear());

function rowOf(name) {
  return screen.getByRole("row", { name: new RegExp(name) });
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url.replace(/^.*\/api/, "")}`);
}

test("the table lists the users with a count, disabling the button of each one's role", async () => {
  stubApi({ [FIRST_PAGE]: listPage([ada, ivy, sam], 3) });
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

  const ivyRow = within(rowOf("Ivy Instructor"));
  expect(ivyRow.getByRole("button", { name: "Make Admin" })).toBeEnabled();
  expect(ivyRow.getByRole("button", { name: "Make Instructor" })).toBeDisabled();

  const samRow = within(rowOf("Sam Student"));
  expect(samRow.getByRole("rowheader")).toHaveTextContent("3");
  expect(samRow.getByRole("button", { name: "Make Admin" })).toBeEnabled();
  expect(samRow.getByRole("button", { name: "Make Instructor" })).toBeEnabled();
  // One page of everyone: nothing to page through.
  expect(screen.queryByRole("navigation", { name: "Pages of users" })).not.toBeInTheDocument();
});

test("the signed-in admin is offered no change of their own role, and is told why", async () => {
  stubApi({ [FIRST_PAGE]: listPage([{ ...ada, email: "Admin@Camp.test" }, sam], 2) });
  renderPage();
  await screen.findByRole("heading", { name: "Total Users: 2" });

  const own = within(rowOf("Ada Admin"));
  expect(own.getByRole("button", { name: "Make Admin" })).toBeDisabled();
  const makeInstructor = own.getByRole("button", { name: "Make Instructor" });
  expect(makeInstructor).toBeDisabled();
  expect(makeInstructor).toHaveAccessibleDescription("Your own role: another admin can change it.");
});

test("a change is asked for first, naming the person and the role; Cancel changes nothing", async () => {
  const fetch = stubApi({ [FIRST_PAGE]: listPage([ada, ivy, sam], 3) });
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });
  const makeInstructor = within(rowOf("Sam Student")).getByRole("button", {
    name: "Make Instructor",
  });

  await user.click(makeInstructor);

  const dialog = screen.getByRole("dialog", { name: "Make Sam Student an instructor?" });
  expect(dialog).toHaveTextContent("Sam Student (sam@camp.test) is a student now.");
  expect(dialog).toHaveTextContent("They will add classes and update their own.");
  await expectNoSeriousA11yViolations();

  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(makeInstructor).toHaveFocus();
  expect(requests(fetch)).toEqual([`GET ${FIRST_PAGE}`]);
});

test("making a student an instructor says so, refreshes the list and can be undone", async () => {
  const answers = {
    [FIRST_PAGE]: listPage([ada, ivy, sam], 3),
    "/users/instructor/3": { modifiedCount: 1 },
    "/users/3/role": { modifiedCount: 1 },
  };
  const fetch = stubApi(answers);
  window.localStorage.setItem("access-token", "admin-token");
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });
  await user.click(within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }));
  // What the server lists once the change is made.
  answers[FIRST_PAGE] = listPage([ada, ivy, { ...sam, role: "instructor" }], 3);

  await user.click(
    within(screen.getByRole("dialog")).getByRole("button", { name: "Make Instructor" }),
  );

  const toast = screen.getByRole("status");
  await waitFor(() =>
    expect(toast).toHaveTextContent("Sam Student is successfully made as an instructor"),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  // A keyboard user is one key away from taking it back.
  expect(within(toast).getByRole("button", { name: "Undo" })).toHaveFocus();
  await waitFor(() =>
    expect(
      within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }),
    ).toBeDisabled(),
  );
  expect(requests(fetch)).toEqual([
    `GET ${FIRST_PAGE}`,
    "PATCH /users/instructor/3",
    `GET ${FIRST_PAGE}`,
  ]);
  expect(fetch.mock.calls[1][1].headers.Authorization).toBe("Bearer admin-token");

  answers[FIRST_PAGE] = listPage([ada, ivy, sam], 3);
  await user.click(within(toast).getByRole("button", { name: "Undo" }));

  await waitFor(() => expect(toast).toHaveTextContent("Sam Student is a student again."));
  expect(within(toast).queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Total Users: 3" })).toHaveFocus();
  await waitFor(() =>
    expect(
      within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }),
    ).toBeEnabled(),
  );
  const undo = fetch.mock.calls[3];
  expect(requests(fetch).slice(3)).toEqual(["PUT /users/3/role", `GET ${FIRST_PAGE}`]);
  expect(JSON.parse(undo[1].body)).toEqual({ role: "student" });
});

test("making an instructor an admin is undone back to instructor", async () => {
  const answers = {
    [FIRST_PAGE]: listPage([ada, ivy, sam], 3),
    "/users/admin/2": { modifiedCount: 1 },
    "/users/2/role": { modifiedCount: 1 },
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });

  await user.click(within(rowOf("Ivy Instructor")).getByRole("button", { name: "Make Admin" }));
  const dialog = screen.getByRole("dialog", { name: "Make Ivy Instructor an admin?" });
  expect(dialog).toHaveTextContent("Ivy Instructor (ivy@camp.test) is an instructor now.");
  await user.click(within(dialog).getByRole("button", { name: "Make Admin" }));

  expect(
    await screen.findByText("Ivy Instructor is successfully made as an admin"),
  ).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Undo" }));

  expect(await screen.findByText("Ivy Instructor is an instructor again.")).toBeInTheDocument();
  expect(requests(fetch)).toContain("PATCH /users/admin/2");
  const undo = fetch.mock.calls.find(([, init]) => init.method === "PUT");
  expect(undo[0]).toMatch(/\/api\/users\/2\/role$/);
  expect(JSON.parse(undo[1].body)).toEqual({ role: "instructor" });
});

test("a refused change is shown and the list stays", async () => {
  stubApi({
    [FIRST_PAGE]: listPage([ada, ivy, sam], 3),
    "/users/admin/2": respond(409, { message: "Someone changed this meanwhile." }),
  });
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });

  await user.click(within(rowOf("Ivy Instructor")).getByRole("button", { name: "Make Admin" }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Make Admin" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Someone changed this meanwhile.");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(within(rowOf("Ivy Instructor")).getByRole("button", { name: "Make Admin" })).toBeEnabled();
  expect(screen.queryByText(/is successfully made/)).not.toBeInTheDocument();
});

test("an undo that fails says so", async () => {
  stubApi({
    [FIRST_PAGE]: listPage([ada, ivy, sam], 3),
    "/users/instructor/3": { modifiedCount: 1 },
    "/users/3/role": respond(404, { message: "No such user." }),
  });
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });
  await user.click(within(rowOf("Sam Student")).getByRole("button", { name: "Make Instructor" }));
  await user.click(
    within(screen.getByRole("dialog")).getByRole("button", { name: "Make Instructor" }),
  );

  await user.click(await screen.findByRole("button", { name: "Undo" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The change could not be undone. No such user.",
  );
  expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
});

test("the search asks the server once typing pauses, and counts the matches", async () => {
  const fetch = stubApi({
    [FIRST_PAGE]: listPage([ada, ivy, sam], 3),
    [searchPage("sam")]: listPage([sam], 1),
    [COUNT_EVERYONE]: listPage([ada], 3),
  });
  const { user } = renderPage();
  await screen.findByRole("heading", { name: "Total Users: 3" });

  await user.type(screen.getByRole("searchbox", { name: "Search users" }), "sam");

  expect(await screen.findByText("1 user matches “sam”.")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole("row", { name: /Ada Admin/ })).toBeNull());
  expect(rowOf("Sam Student")).toBeInTheDocument();
  // The heading still counts everyone.
  expect(screen.getByRole("heading", { name: "Total Users: 3" })).toBeInTheDocument();
  const searches = requests(fetch).filter((request) => request.includes("search="));
  expect(searches).toEqual([`GET ${searchPage("sam")}`]);
});

test("a search that finds nobody says so", async () => {
  stubApi({
    [searchPage("zoe")]: listPage([], 0),
    [COUNT_EVERYONE]: listPage([ada], 3),
  });
  renderPage("/dashboard/all-users?search=zoe");

  expect(await screen.findByText("No user’s name or email holds “zoe”.")).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Search users" })).toHaveValue("zoe");
  expect(screen.getByText("0 users match “zoe”.")).toBeInTheDocument();
});

test("a long list comes in pages with Previous and Next and the total", async () => {
  const firstPage = Array.from({ length: 20 }, (_, index) => ({
    ...sam,
    _id: 100 + index,
    name: `Student ${index + 1}`,
    email: `student${index + 1}@camp.test`,
  }));
  const secondPage = [{ ...sam, _id: 200, name: "Student 21", email: "s21@camp.test" }];
  const fetch = stubApi({
    [FIRST_PAGE]: listPage(firstPage, 45),
    "/users?page=2&page_size=20": listPage(secondPage, 45),
  });
  const { user } = renderPage();
  expect(await screen.findByRole("heading", { name: "Total Users: 45" })).toBeInTheDocument();
  const pages = screen.getByRole("navigation", { name: "Pages of users" });
  expect(pages).toHaveTextContent("Page 1 of 3 · 45 users");
  expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();

  await user.click(within(pages).getByRole("button", { name: "Next" }));

  await waitFor(() => expect(pages).toHaveTextContent("Page 2 of 3 · 45 users"));
  const row = await screen.findByRole("row", { name: /Student 21/ });
  expect(within(row).getByRole("rowheader")).toHaveTextContent("21");
  expect(within(pages).getByRole("button", { name: "Previous" })).toBeEnabled();
  expect(requests(fetch)).toContain("GET /users?page=2&page_size=20");
});

test("a list that cannot be loaded says so", async () => {
  stubApi({ [FIRST_PAGE]: respond(500, { message: "Server error." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("The users could not be loaded.");
});
