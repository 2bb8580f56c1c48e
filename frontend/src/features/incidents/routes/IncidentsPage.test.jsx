import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { watchDownloads } from "../../../testing/downloads";
import { hoursAgo } from "../../../testing/fixtures";
import { makeAddendum, makeIncident } from "../../../testing/healthFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { IncidentsPage } from "./IncidentsPage";

jest.setTimeout(20_000);

const grazedKnee = makeIncident({
  addenda: [
    makeAddendum(),
    makeAddendum({ id: 32, internal: true, text: "The caretaker fixed the path." }),
  ],
});
const headache = makeIncident({
  id: 6,
  kind: "illness",
  bodyArea: "",
  at: hoursAgo(3),
  description: "Sam had a headache after lunch.",
  children: [{ participantId: 8, name: "Sam Ruiz", familyEmailedAt: hoursAgo(3) }],
  reportedBy: "Lee Instructor",
});
const closedAt = hoursAgo(1);
const closed = { ...grazedKnee, closedAt, closedBy: "Ada Admin" };

function renderPage(route = "/dashboard/incidents") {
  const auth = signedIn("admin");
  const rendered = renderRoutes([{ path: "/dashboard/incidents", element: <IncidentsPage /> }], {
    route,
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup() };
}

// The sent requests, "METHOD url", and the JSON body of the one named.
function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
}

function bodyOf(fetch, request) {
  const call = fetch.mock.calls.find(
    ([url, init]) => `${init?.method ?? "GET"} ${url}` === request,
  );
  return JSON.parse(call[1].body);
}

// Opens the review of the list's `index`th report.
async function review(user, index) {
  const row = (await screen.findAllByRole("rowheader"))[index].closest("tr");
  await user.click(within(row).getByRole("link", { name: /^Review/ }));
  return screen.findByRole("region", { name: /^Injury|^Illness/ });
}

test("lists the open reports oldest first, as the server orders them, and the closed on request", async () => {
  const fetch = stubApi({
    "/incidents?open=true": [grazedKnee, headache],
    "/incidents?open=false": [closed],
  });
  const { user, router } = renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  expect(document.title).toBe("Incidents | Camp");
  const table = await screen.findByRole("table", { name: "Open reports, oldest first" });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    [
      "Mia Lopez",
      "Watercolor Basics",
      "Injury",
      "Pat Instructor",
      expect.stringMatching(/^Review/),
    ],
    [
      "Sam Ruiz",
      "Watercolor Basics",
      "Illness",
      "Lee Instructor",
      expect.stringMatching(/^Review/),
    ],
  ]);
  expect(screen.getByRole("link", { name: "Open" })).toHaveAttribute("aria-current", "page");

  await user.click(screen.getByRole("link", { name: "Closed" }));

  expect(await screen.findByRole("table", { name: "Closed reports, newest first" })).toBeVisible();
  expect(router.state.location.search).toBe("?show=closed");
  expect(requests(fetch)).toContain("GET /api/incidents?open=false");
  await expectNoSeriousA11yViolations();
});

test("with nothing open, it says so", async () => {
  stubApi({ "/incidents?open=true": [] });
  renderPage();
  expect(await screen.findByText("No report is open.")).toBeVisible();
});

test("a list that could not be loaded says so", async () => {
  stubApi({
    "/incidents?open=true": respond(403, {
      message: "Only admins may do that.",
      code: "admins_only",
    }),
  });
  renderPage();
  expect(await screen.findByRole("alert")).toHaveTextContent("The reports could not be loaded.");
});

describe("a report's review", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/incident", token: "api-token" });

  test("shows the school's view: internal notes and addenda marked Internal; Back returns", async () => {
    stubApi({ "/incidents?open=true": [grazedKnee, headache], "/incidents/5": grazedKnee });
    const { user, router } = renderPage();

    const report = within(await review(user, 0));
    expect(router.state.location.search).toBe("?report=5");
    expect(await report.findByText("The path's edge is loose: ask the caretaker.")).toBeVisible();
    expect(report.getByText("Internal notes (never shown to the family)")).toBeVisible();
    const addenda = within(report.getByRole("region", { name: "Added to the report" }));
    const [shared, internal] = addenda.getAllByRole("listitem");
    expect(within(shared).queryByText("Internal")).toBeNull();
    expect(within(internal).getByText("Internal")).toBeVisible();
    expect(within(internal).getByText("The caretaker fixed the path.")).toBeVisible();
    expect(report.getByRole("button", { name: "Edit the report" })).toBeVisible();
    await expectNoSeriousA11yViolations();

    await user.click(screen.getByRole("link", { name: "Back to the reports" }));
    expect(await screen.findByRole("table", { name: "Open reports, oldest first" })).toBeVisible();
  });

  test("Download PDF fetches the report with the token and saves it", async () => {
    const json = stubApi({ "/incidents/5": grazedKnee });
    global.fetch = jest.fn(async (url, init) =>
      String(url).endsWith(".pdf")
        ? new Response("%PDF-1.7", {
            status: 200,
            headers: { "Content-Type": "application/pdf" },
          })
        : json(url, init),
    );
    const { user } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Download PDF" }));

    // No name from the server: the report's own.
    await waitFor(() =>
      expect(clicked).toEqual([{ href: "blob:camp/incident", download: "incident-5.pdf" }]),
    );
    const [url, init] = global.fetch.mock.calls.find(([called]) => called.endsWith(".pdf"));
    expect(url).toBe("/api/incidents/5.pdf");
    expect(init.headers).toMatchObject({
      Authorization: "Bearer api-token",
      Accept: "application/pdf",
    });
  });

  test("an open report is edited: the fields are sent, and the report shown again", async () => {
    const edited = { ...grazedKnee, description: "Mia tripped on the garden path." };
    const fetch = stubApi({
      "/incidents/5": grazedKnee,
      "PATCH /incidents/5": edited,
    });
    const { user, auth } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Edit the report" }));
    const form = within(screen.getByRole("form", { name: "Edit the report" }));
    expect(form.getByLabelText("What kind")).toHaveFocus();
    expect(form.getByLabelText("Where on the body")).toHaveValue("left_leg");
    const description = form.getByLabelText("What happened");
    await user.clear(description);
    await user.type(description, "Mia tripped on the garden path.");
    await user.clear(form.getByLabelText("Internal notes"));
    stubApi({ "/incidents/5": edited, "PATCH /incidents/5": edited });
    const sent = global.fetch;
    await user.click(form.getByRole("button", { name: "Save the report" }));

    await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("The report is saved"));
    // Only what was changed is sent.
    expect(bodyOf(sent, "PATCH /api/incidents/5")).toEqual({
      description: "Mia tripped on the garden path.",
      internalNotes: "",
    });
    expect(await screen.findByText("Mia tripped on the garden path.")).toBeVisible();
    expect(screen.queryByRole("form", { name: "Edit the report" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit the report" })).toHaveFocus();
    expect(requests(fetch)).toEqual(["GET /api/incidents/5"]);
  });

  test("an edit of a report closed meanwhile says why", async () => {
    stubApi({
      "/incidents/5": grazedKnee,
      "PATCH /incidents/5": respond(409, {
        message: "This report is closed: add an addendum instead.",
        code: "incident_closed",
      }),
    });
    const { user } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Edit the report" }));
    const form = within(screen.getByRole("form", { name: "Edit the report" }));
    await user.type(form.getByLabelText("Follow-up"), " Call on Monday.");
    await user.click(form.getByRole("button", { name: "Save the report" }));

    expect(await form.findByRole("alert")).toHaveTextContent(
      "This report is closed: add an addendum instead.",
    );
  });

  test("the edit asks where on the body for an injury, and what happened", async () => {
    const fetch = stubApi({ "/incidents/5": { ...grazedKnee, kind: "illness", bodyArea: "" } });
    const { user } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Edit the report" }));
    const form = within(screen.getByRole("form", { name: "Edit the report" }));
    expect(form.queryByLabelText("Where on the body")).toBeNull();
    await user.selectOptions(form.getByLabelText("What kind"), "Injury");
    await user.clear(form.getByLabelText("What happened"));
    await user.click(form.getByRole("button", { name: "Save the report" }));

    const summary = await form.findByRole("alert");
    expect(
      within(summary)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Where on the body: Choose where on the body the injury is.",
      "What happened: Say what happened.",
    ]);
    expect(requests(fetch)).toEqual(["GET /api/incidents/5"]);
  });

  test("an addendum is added, internal when ticked", async () => {
    const addendum = makeAddendum({ id: 33, internal: true, text: "Insurer informed." });
    stubApi({
      "/incidents/5": grazedKnee,
      "POST /incidents/5/addenda": respond(201, addendum),
    });
    const { user, auth } = renderPage("/dashboard/incidents?report=5");

    const form = within(await screen.findByRole("form", { name: "Add to the report" }));
    await user.type(form.getByLabelText("Add to the report"), "Insurer informed.");
    await user.click(form.getByLabelText("Internal"));
    stubApi({
      "/incidents/5": { ...grazedKnee, addenda: [...grazedKnee.addenda, addendum] },
      "POST /incidents/5/addenda": respond(201, addendum),
    });
    const sent = global.fetch;
    await user.click(form.getByRole("button", { name: "Add" }));

    await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Added to the report"));
    expect(bodyOf(sent, "POST /api/incidents/5/addenda")).toEqual({
      text: "Insurer informed.",
      internal: true,
    });
    expect(await screen.findByText("Insurer informed.")).toBeVisible();
    expect(form.getByLabelText("Add to the report")).toHaveValue("");
    expect(form.getByLabelText("Internal")).not.toBeChecked();
  });

  test("an addendum for the families is sent, and an empty one is refused first", async () => {
    const fetch = stubApi({
      "/incidents/5": grazedKnee,
      "POST /incidents/5/addenda": respond(201, makeAddendum({ id: 34, text: "All healed." })),
    });
    const { user, auth } = renderPage("/dashboard/incidents?report=5");

    const form = within(await screen.findByRole("form", { name: "Add to the report" }));
    await user.click(form.getByRole("button", { name: "Add" }));
    expect(await form.findByRole("alert")).toHaveTextContent(
      "Add to the report: Write what to add to the report.",
    );
    expect(requests(fetch)).not.toContain("POST /api/incidents/5/addenda");

    await user.type(form.getByLabelText("Add to the report"), "All healed.");
    await user.click(form.getByRole("button", { name: "Add" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Added to the report and sent to the families"),
    );
    expect(bodyOf(fetch, "POST /api/incidents/5/addenda")).toEqual({
      text: "All healed.",
      internal: false,
    });
  });

  test("an addendum refused shows the server's message", async () => {
    stubApi({
      "/incidents/5": grazedKnee,
      "POST /incidents/5/addenda": respond(400, {
        message: "Please check these fields: text.",
        errors: { text: ["Ensure this field has no more than 4000 characters."] },
      }),
    });
    const { user } = renderPage("/dashboard/incidents?report=5");

    const form = within(await screen.findByRole("form", { name: "Add to the report" }));
    await user.type(form.getByLabelText("Add to the report"), "Too long, says the server.");
    await user.click(form.getByRole("button", { name: "Add" }));

    expect(await form.findByRole("alert")).toHaveTextContent(
      "Add to the report: Ensure this field has no more than 4000 characters.",
    );
    expect(form.getByLabelText("Add to the report")).toHaveAttribute("aria-invalid", "true");
  });

  test("Close, confirmed, closes the report: it is shown closed, with nothing left to edit", async () => {
    stubApi({ "/incidents/5": grazedKnee, "POST /incidents/5/closing": closed });
    const { user, auth } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Close the report" }));
    const dialog = within(screen.getByRole("dialog", { name: "Close this report?" }));
    stubApi({ "/incidents/5": closed, "POST /incidents/5/closing": closed });
    const sent = global.fetch;
    await user.click(dialog.getByRole("button", { name: "Close the report" }));

    await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("The report is closed"));
    expect(requests(sent)).toContain("POST /api/incidents/5/closing");
    expect(await screen.findByText(/^Closed on .* by Ada Admin\.$/)).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit the report" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Close the report" })).toBeNull();
    // Still added to, and still a PDF.
    expect(screen.getByRole("form", { name: "Add to the report" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeVisible();
  });

  test("Close refused (closed meanwhile) says why", async () => {
    stubApi({
      "/incidents/5": grazedKnee,
      "POST /incidents/5/closing": respond(409, {
        message: "This report is closed already.",
        code: "incident_closed",
      }),
    });
    const { user } = renderPage("/dashboard/incidents?report=5");

    await user.click(await screen.findByRole("button", { name: "Close the report" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Close the report" }),
    );

    expect(await screen.findByRole("alert")).toHaveTextContent("This report is closed already.");
  });

  test("a report that could not be loaded says so", async () => {
    stubApi({ "/incidents/9": respond(404, { message: "Not found." }) });
    renderPage("/dashboard/incidents?report=9");
    expect(await screen.findByRole("alert")).toHaveTextContent("The report could not be loaded.");
  });
});

test("an illness made an injury sends where on the body; an edit changing nothing sends nothing", async () => {
  const illness = { ...grazedKnee, kind: "illness", bodyArea: "" };
  const fetch = stubApi({ "/incidents/5": illness, "PATCH /incidents/5": grazedKnee });
  const { user } = renderPage("/dashboard/incidents?report=5");

  await user.click(await screen.findByRole("button", { name: "Edit the report" }));
  await user.click(screen.getByRole("button", { name: "Save the report" }));
  expect(await screen.findByRole("button", { name: "Edit the report" })).toHaveFocus();
  expect(requests(fetch)).toEqual(["GET /api/incidents/5"]);

  await user.click(screen.getByRole("button", { name: "Edit the report" }));
  const form = within(screen.getByRole("form", { name: "Edit the report" }));
  await user.selectOptions(form.getByLabelText("What kind"), "Injury");
  await user.selectOptions(form.getByLabelText("Where on the body"), "Right hand");
  await user.click(form.getByRole("button", { name: "Save the report" }));

  await waitFor(() => expect(requests(fetch)).toContain("PATCH /api/incidents/5"));
  expect(bodyOf(fetch, "PATCH /api/incidents/5")).toEqual({
    kind: "injury",
    bodyArea: "right_hand",
  });
});
