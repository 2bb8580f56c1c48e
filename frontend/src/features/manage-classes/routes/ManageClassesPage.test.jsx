import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ManageClassesPage } from "./ManageClassesPage";

const pending = makeClass({
  nameClass: "Secret Sculpture",
  status: "Pending",
  price: 60,
  seats: 8,
  instructorName: "Ivy Clay",
  instructorEmail: "ivy@camp.test",
});
const approved = makeClass({ nameClass: "Watercolor Basics", status: "Approved" });
const denied = makeClass({ nameClass: "Rejected Origami", status: "Denied" });

function renderPage(status) {
  const route = `/dashboard/manage-classes${status ? `?status=${status}` : ""}`;
  const rendered = renderRoutes(
    [{ path: "/dashboard/manage-classes", element: <ManageClassesPage /> }],
    { route, auth: signedIn("admin") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

test("every class is listed with its facts; decided classes cannot be decided again", async () => {
  stubApi({ "/classes": [approved, pending, denied] });
  renderPage("All");

  expect(await screen.findByRole("article", { name: "Secret Sculpture" })).toBeInTheDocument();
  expect(document.title).toBe("Manage Classes | Camp");
  const sculpture = card("Secret Sculpture");
  expect(sculpture.getByRole("img", { name: "Secret Sculpture" })).toHaveAttribute(
    "src",
    pending.image,
  );
  expect(sculpture.getByText("$60.00")).toBeInTheDocument();
  expect(sculpture.getByText("Ivy Clay")).toBeInTheDocument();
  expect(sculpture.getByText("ivy@camp.test")).toBeInTheDocument();
  expect(sculpture.getByText("8")).toBeInTheDocument();
  expect(sculpture.getByText("Pending")).toBeInTheDocument();
  expect(sculpture.getByRole("button", { name: "Approve" })).toBeEnabled();
  expect(sculpture.getByRole("button", { name: "Deny" })).toBeEnabled();

  for (const name of ["Watercolor Basics", "Rejected Origami"]) {
    expect(card(name).getByRole("button", { name: "Approve" })).toBeDisabled();
    expect(card(name).getByRole("button", { name: "Deny" })).toBeDisabled();
    expect(card(name).getByRole("button", { name: "Send Feedback" })).toBeEnabled();
  }
  expect(card("Rejected Origami").getByText("Denied")).toBeInTheDocument();
  // What waits for a decision comes first.
  expect(screen.getAllByRole("article").map((article) => names(article))).toEqual([
    "Secret Sculpture",
    "Watercolor Basics",
    "Rejected Origami",
  ]);
});

function names(article) {
  return within(article).getByRole("heading", { level: 2 }).textContent;
}

function filterButton(name) {
  const group = screen.getByRole("group", { name: "Show classes by status" });
  return within(group).getByRole("button", { name: new RegExp(`^${name}`) });
}

test("an approved class's families may be written to from its card", async () => {
  stubApi({ "/classes": [approved, pending, denied] });
  renderPage("All");

  await screen.findByRole("article", { name: "Watercolor Basics" });
  const write = card("Watercolor Basics").getByRole("link", { name: "Message families" });
  expect(write).toHaveAttribute("href", `/dashboard/my-classes/${approved._id}/messages`);
  expect(write).toHaveAccessibleDescription("Watercolor Basics");
  for (const name of ["Secret Sculpture", "Rejected Origami"]) {
    expect(card(name).queryByRole("link", { name: "Message families" })).toBeNull();
  }
});

test("the pending classes show first, and each status has a filter with its count", async () => {
  const withdrawn = makeClass({ nameClass: "Quiet Quilting", status: "Withdrawn" });
  const fetch = stubApi({ "/classes": [approved, pending, denied, withdrawn] });
  const { user } = renderPage();

  expect(await screen.findByRole("article", { name: "Secret Sculpture" })).toBeInTheDocument();
  expect(screen.getAllByRole("article")).toHaveLength(1);
  expect(filterButton("Pending")).toHaveAttribute("aria-pressed", "true");
  expect(filterButton("Pending")).toHaveAccessibleName("Pending 1");
  expect(filterButton("All")).toHaveAccessibleName("All 4");
  expect(filterButton("Cancelled")).toHaveAccessibleName("Cancelled 0");
  expect(filterButton("All")).toHaveAttribute("aria-pressed", "false");

  await user.click(filterButton("Denied"));
  expect(filterButton("Denied")).toHaveAttribute("aria-pressed", "true");
  expect(screen.getAllByRole("article").map(names)).toEqual(["Rejected Origami"]);

  await user.click(filterButton("Withdrawn"));
  expect(screen.getAllByRole("article").map(names)).toEqual(["Quiet Quilting"]);

  await user.click(filterButton("Cancelled"));
  expect(screen.getByText("No cancelled classes.")).toBeInTheDocument();

  await user.click(filterButton("All"));
  expect(screen.getAllByRole("article").map(names)).toEqual([
    "Secret Sculpture",
    "Watercolor Basics",
    "Rejected Origami",
    "Quiet Quilting",
  ]);
  // One list, read once, serves every filter.
  expect(requests(fetch)).toEqual(["GET /api/classes"]);
});

test("with nothing pending the page says so", async () => {
  stubApi({ "/classes": [approved] });
  renderPage();

  expect(await screen.findByText("No pending classes.")).toBeInTheDocument();
});

test("a class denied from Pending stays there, to be given feedback, until the filter changes", async () => {
  const answers = {
    "/classes": [pending, approved],
    [`/classes/denied/${pending._id}`]: { modifiedCount: 1 },
  };
  stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Secret Sculpture" });
  answers["/classes"] = [{ ...pending, status: "Denied" }, approved];

  await user.click(card("Secret Sculpture").getByRole("button", { name: "Deny" }));

  await waitFor(() => expect(card("Secret Sculpture").getByText("Denied")).toBeInTheDocument());
  expect(card("Secret Sculpture").getByRole("button", { name: "Send Feedback" })).toBeEnabled();
  expect(filterButton("Pending")).toHaveAccessibleName("Pending 0");

  await user.click(filterButton("Approved"));
  await user.click(filterButton("Pending"));

  expect(screen.getByText("No pending classes.")).toBeInTheDocument();
});

test("approving a pending class says so and refreshes the list", async () => {
  const answers = {
    "/classes": [pending],
    [`/classes/approved/${pending._id}`]: { modifiedCount: 1 },
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Secret Sculpture" });
  answers["/classes"] = [{ ...pending, status: "Approved" }];

  await user.click(card("Secret Sculpture").getByRole("button", { name: "Approve" }));

  expect(await screen.findByText("Class is Approved Successfully")).toBeInTheDocument();
  await waitFor(() =>
    expect(card("Secret Sculpture").getByRole("button", { name: "Approve" })).toBeDisabled(),
  );
  expect(card("Secret Sculpture").getByRole("button", { name: "Deny" })).toBeDisabled();
  expect(requests(fetch)).toEqual([
    "GET /api/classes",
    `PATCH /api/classes/approved/${pending._id}`,
    "GET /api/classes",
  ]);
});

test("denying a pending class warns that it is denied", async () => {
  const answers = {
    "/classes": [pending],
    [`/classes/denied/${pending._id}`]: { modifiedCount: 1 },
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Secret Sculpture" });
  answers["/classes"] = [{ ...pending, status: "Denied" }];

  await user.click(card("Secret Sculpture").getByRole("button", { name: "Deny" }));

  const message = await screen.findByText("Class is Denied!");
  expect(message.closest(".toast")).toHaveClass("text-bg-warning");
  await waitFor(() => expect(card("Secret Sculpture").getByText("Denied")).toBeInTheDocument());
  expect(requests(fetch)).toContain(`PATCH /api/classes/denied/${pending._id}`);
});

test("a class decided elsewhere meanwhile: the refusal is shown and the list catches up", async () => {
  const answers = {
    "/classes": [pending],
    [`/classes/approved/${pending._id}`]: respond(409, {
      message: "Only a Pending class can be approved.",
    }),
  };
  stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Secret Sculpture" });
  answers["/classes"] = [{ ...pending, status: "Denied" }];

  await user.click(card("Secret Sculpture").getByRole("button", { name: "Approve" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Only a Pending class can be approved.",
  );
  expect(screen.queryByText("Class is Approved Successfully")).not.toBeInTheDocument();
  await waitFor(() =>
    expect(card("Secret Sculpture").getByRole("button", { name: "Approve" })).toBeDisabled(),
  );
});

test("Send Feedback opens the dialog and sends what the admin wrote", async () => {
  const fetch = stubApi({
    "/classes": [denied],
    [`/classes/feedback/${denied._id}`]: { modifiedCount: 1 },
  });
  const { user } = renderPage("Denied");
  await screen.findByRole("article", { name: "Rejected Origami" });

  await user.click(card("Rejected Origami").getByRole("button", { name: "Send Feedback" }));
  const dialog = within(
    screen.getByRole("dialog", { name: "Class Denied! Write Your Feedback Here" }),
  );
  const feedback = dialog.getByLabelText("Feedback");
  expect(feedback).toHaveFocus();
  await user.type(feedback, "Please add a materials list.");
  await user.click(dialog.getByRole("button", { name: "Send" }));

  expect(await screen.findByText("Feedback sent.")).toBeInTheDocument();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  const [url, init] = fetch.mock.calls.find(([, options]) => options.method === "PATCH");
  expect(url).toBe(`/api/classes/feedback/${denied._id}`);
  expect(JSON.parse(init.body)).toEqual({ feedback: "Please add a materials list." });
});

test("empty feedback is not sent", async () => {
  const fetch = stubApi({ "/classes": [denied] });
  const { user } = renderPage("Denied");
  await screen.findByRole("article", { name: "Rejected Origami" });

  await user.click(card("Rejected Origami").getByRole("button", { name: "Send Feedback" }));
  await user.click(screen.getByRole("button", { name: "Send" }));

  expect(await screen.findByText("Feedback - is required")).toBeInTheDocument();
  expect(screen.getByLabelText("Feedback")).toHaveAttribute("aria-invalid", "true");
  expect(requests(fetch)).toEqual(["GET /api/classes"]);
});

test("a refused feedback stays in the dialog beside the field", async () => {
  stubApi({
    "/classes": [denied],
    [`/classes/feedback/${denied._id}`]: respond(400, {
      message: "Invalid input.",
      errors: { feedback: ["Ensure this field has no more than 1000 characters."] },
    }),
  });
  const { user } = renderPage("Denied");
  await screen.findByRole("article", { name: "Rejected Origami" });

  await user.click(card("Rejected Origami").getByRole("button", { name: "Send Feedback" }));
  await user.type(screen.getByLabelText("Feedback"), "Too long, says the server.");
  await user.click(screen.getByRole("button", { name: "Send" }));

  expect(
    await screen.findByText("Ensure this field has no more than 1000 characters."),
  ).toBeInTheDocument();
  expect(screen.getByRole("dialog")).toBeInTheDocument();
  expect(screen.queryByText("Feedback sent.")).not.toBeInTheDocument();
});

test("the page and the feedback dialog have no serious accessibility violations", async () => {
  stubApi({ "/classes": [pending, approved] });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Secret Sculpture" });
  await expectNoSeriousA11yViolations();

  await user.click(card("Secret Sculpture").getByRole("button", { name: "Send Feedback" }));
  await expectNoSeriousA11yViolations();
});

describe("what a family will read of the class, for review", () => {
  const longDescription = `${"Shape pinch pots and coil bowls from clay, then glaze them. ".repeat(5)}

We fire everything in the kiln in the last week, and each student takes their pieces home.`;
  const scheduled = makeClass({
    nameClass: "Clay Creatures",
    status: "Pending",
    description: longDescription,
    category: "pottery-ceramics",
    categoryName: "Pottery & ceramics",
    level: "beginner",
    location: "Studio 2",
    ageMin: 8,
    ageMax: 12,
    startDate: "2027-06-14",
    endDate: "2027-06-25",
    meetingDays: ["mon", "wed", "fri"],
    startTime: "09:00",
    endTime: "11:30",
    meetings: [
      { start: "2027-06-14T09:00:00-07:00", end: "2027-06-14T11:30:00-07:00" },
      { start: "2027-06-25T09:00:00-07:00", end: "2027-06-25T11:30:00-07:00" },
    ],
    totalHours: 12.5,
    startsAt: "2027-06-14T09:00:00-07:00",
    registrationClosesAt: "2027-06-10T17:00:00-07:00",
  });

  function fact(cardName, term) {
    const terms = card(cardName).getAllByRole("term");
    const found = terms.find((element) => element.textContent === term);
    return found?.nextElementSibling?.textContent;
  }

  test("each card shows category, level, ages, location, schedule, hours and closing", async () => {
    stubApi({ "/classes": [scheduled, pending] });
    renderPage();
    await screen.findByRole("article", { name: "Clay Creatures" });

    expect(fact("Clay Creatures", "Category")).toBe("Pottery & ceramics");
    expect(fact("Clay Creatures", "Level")).toBe("Beginner");
    expect(fact("Clay Creatures", "Ages")).toBe("Ages 8–12");
    expect(fact("Clay Creatures", "Location")).toBe("Studio 2");
    expect(fact("Clay Creatures", "When")).toBe(
      "Jun 14 – Jun 25 · Mon, Wed, Fri · 9:00 AM–11:30 AM",
    );
    expect(fact("Clay Creatures", "Total time")).toBe("12.5 hours");
    expect(fact("Clay Creatures", "Registration closes")).toBe("Thu, Jun 10, 2027, 5:00 PM");

    // A class without them says so, so the admin sees what is missing.
    expect(fact("Secret Sculpture", "Category")).toBe("Not given");
    expect(fact("Secret Sculpture", "Level")).toBe("Not given");
    expect(fact("Secret Sculpture", "Ages")).toBe("All ages");
    expect(fact("Secret Sculpture", "Location")).toBe("Not given");
    expect(fact("Secret Sculpture", "When")).toBe("Schedule to be announced");
    expect(fact("Secret Sculpture", "Total time")).toBeUndefined();
    expect(card("Secret Sculpture").getByText("No description yet.")).toBeInTheDocument();
  });

  test("a long description shows its first lines, and Show more opens the rest", async () => {
    stubApi({ "/classes": [scheduled] });
    const { user } = renderPage();
    await screen.findByRole("article", { name: "Clay Creatures" });
    const clay = card("Clay Creatures");

    expect(clay.getByText(/^Shape pinch pots and coil bowls/)).toHaveTextContent(/…$/);
    expect(clay.queryByText(/We fire everything in the kiln/)).not.toBeInTheDocument();
    const more = clay.getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");

    await user.click(more);

    expect(clay.getByText(/We fire everything in the kiln/)).toBeInTheDocument();
    expect(clay.getByRole("button", { name: "Show less" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // The blank line starts a new paragraph.
    expect(clay.getByText(/We fire everything in the kiln/).tagName).toBe("P");
    await expectNoSeriousA11yViolations();
  });
});
