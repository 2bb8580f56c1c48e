import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { watchDownloads } from "../../../testing/downloads";
import { makeClass, makeWaitlistEntry } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ClassRosterPage } from "./ClassRosterPage";

const watercolor = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const roster = "/classes/3/roster";
const waitlist = "/classes/3/waitlist";

const mia = {
  participantId: 7,
  participantName: "Mia Lopez",
  dateOfBirth: "2018-05-02",
  age: 9,
  notes: "Peanut allergy: carries an EpiPen.",
  accountName: "Ana Lopez",
  accountEmail: "ana@family.test",
  emergencyContactName: "Luis Lopez",
  emergencyContactPhone: "+1 (555) 010-2030",
  enrolledAt: "2027-05-01T10:00:00Z",
  careFlags: {
    allergy: "anaphylactic",
    allergies: ["Peanuts"],
    medicationAtCamp: true,
    photoConsent: false,
    pickups: ["Luis Lopez"],
    mayLeaveAlone: false,
    complete: true,
    missing: [],
  },
};
const sam = {
  participantId: 12,
  participantName: "Sam Reyes",
  dateOfBirth: null,
  age: null,
  notes: "",
  accountName: "Sam Reyes",
  accountEmail: "sam@camp.test",
  emergencyContactName: "",
  emergencyContactPhone: "",
  enrolledAt: "2027-05-02T10:00:00Z",
  careFlags: {
    allergy: null,
    allergies: [],
    medicationAtCamp: false,
    photoConsent: null,
    pickups: [],
    mayLeaveAlone: true,
    complete: false,
    missing: ["record", "policy:liability-waiver"],
  },
};

function renderPage(role = "instructor") {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-classes/:id/roster", element: <ClassRosterPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-classes/3/roster", auth: signedIn(role) },
  );
  return { ...rendered, user: userEvent.setup() };
}

// The cells of the row whose header is the participant's name, by column header.
function rowOf(name) {
  const row = screen.getByRole("rowheader", { name }).closest("tr");
  const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
  return (column) => within(row.cells[headers.indexOf(column)]);
}

test("each enrolled participant shows age, notes, the family's contact and the emergency contact", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: [mia, sam] });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Roster: Watercolor Basics" }),
  ).toBeInTheDocument();
  await screen.findByRole("table");
  expect(document.title).toBe("Roster: Watercolor Basics | Camp");
  expect(screen.getByText("2 participants enrolled")).toBeInTheDocument();
  expect(screen.getAllByRole("rowheader").map((header) => header.textContent)).toEqual([
    "Mia Lopez",
    "Sam Reyes",
  ]);

  const miaRow = rowOf("Mia Lopez");
  expect(miaRow("Age on the first day").getByText("9")).toBeInTheDocument();
  // What the family wrote stands out, to be read before the class meets.
  const notes = miaRow("Notes").getByText("Peanut allergy: carries an EpiPen.");
  expect(notes.closest(".alert")).toHaveClass("alert-warning", "fw-semibold");
  expect(miaRow("Family contact").getByText("Ana Lopez")).toBeInTheDocument();
  expect(miaRow("Family contact").getByRole("link", { name: "ana@family.test" })).toHaveAttribute(
    "href",
    "mailto:ana@family.test",
  );
  expect(miaRow("Emergency contact").getByText("Luis Lopez")).toBeInTheDocument();
  expect(
    miaRow("Emergency contact").getByRole("link", { name: "+1 (555) 010-2030" }),
  ).toHaveAttribute("href", "tel:+15550102030");

  const samRow = rowOf("Sam Reyes");
  expect(samRow("Age on the first day").getByText("Not known")).toBeInTheDocument();
  expect(samRow("Notes").getByText("None")).toBeInTheDocument();
  expect(samRow("Emergency contact").getByText("Not given")).toBeInTheDocument();
  expect(samRow("Emergency contact").queryByRole("link")).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to My Classes" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes",
  );
  await expectNoSeriousA11yViolations();
});

test("each line shows its care flags in words, and links to the child's care record", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: [mia, sam] });
  renderPage();
  await screen.findByRole("table");

  const flagsOf = (name) =>
    within(rowOf(name)("Care").getByRole("list", { name: `Care flags for ${name}` }))
      .getAllByRole("listitem")
      .map((flag) => flag.textContent);
  expect(flagsOf("Mia Lopez")).toEqual([
    "EpiPen: Peanuts (anaphylactic)",
    "Medication at camp",
    "No photos",
    "Pick-up: Luis Lopez",
  ]);
  expect(rowOf("Mia Lopez")("Care").getByText("EpiPen: Peanuts (anaphylactic)")).toHaveClass(
    "text-bg-danger",
  );
  expect(flagsOf("Sam Reyes")).toEqual([
    "Photo consent not given",
    "May leave alone",
    "Care record incomplete",
  ]);
  expect(
    rowOf("Mia Lopez")("Care").getByRole("link", { name: "Care record of Mia Lopez" }),
  ).toHaveAttribute("href", "/dashboard/my-classes/3/participants/7/care");
  expect(screen.getByRole("link", { name: "Care record of Sam Reyes" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/3/participants/12/care",
  );
});

test("an empty roster says so, with nothing to download", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: [] });
  renderPage();

  expect(await screen.findByText("No one is enrolled in this class yet.")).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Download CSV" })).not.toBeInTheDocument();
});

test("a roster that cannot be read says why", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: respond(404, { message: "No such class." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The roster could not be loaded.");
  expect(alert).toHaveTextContent("No such class.");
});

test("an admin reads the roster too, and goes back to Manage Classes", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: [mia] });
  renderPage("admin");

  expect(await screen.findByRole("rowheader", { name: "Mia Lopez" })).toBeInTheDocument();
  expect(screen.getByText("1 participant enrolled")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Manage Classes" })).toHaveAttribute(
    "href",
    "/dashboard/manage-classes",
  );
});

test("the roster leads to writing to the class's families", async () => {
  stubApi({ "/classes/3": watercolor, [roster]: [mia] });
  renderPage();

  expect(await screen.findByRole("link", { name: "Message families" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/3/messages",
  );
});

test("without the class's name the roster still shows", async () => {
  stubApi({ "/classes/3": respond(404, { message: "Not found." }), [roster]: [mia] });
  renderPage();

  expect(await screen.findByRole("rowheader", { name: "Mia Lopez" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Roster" })).toBeInTheDocument();
});

describe("Download CSV", () => {
  const csv = "participantName,age\r\nMia Lopez,9\r\n";
  const clicked = watchDownloads({ objectUrl: "blob:camp/roster", token: "api-token" });

  // The JSON answers as stubApi gives them, and the CSV file as the server sends it.
  function stubWithCsv(csvAnswer) {
    const json = stubApi({ "/classes/3": watercolor, [roster]: [mia, sam], [waitlist]: [] });
    global.fetch = jest.fn(async (url, init) =>
      String(url).endsWith("/roster.csv") ? csvAnswer() : json(url, init),
    );
    return global.fetch;
  }

  test("asks for the file with the session's token and saves it under the server's name", async () => {
    const fetch = stubWithCsv(
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="roster-watercolor-basics.csv"',
          },
        }),
    );
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetch.mock.calls.find(([called]) => called.endsWith(".csv"));
    expect(url).toBe("/api/classes/3/roster.csv");
    expect(init.method).toBe("GET");
    expect(init.headers).toMatchObject({ Authorization: "Bearer api-token", Accept: "text/csv" });
    const [blob] = URL.createObjectURL.mock.calls[0];
    expect(await blob.text()).toBe(csv);
    expect(clicked[0]).toEqual({
      href: "blob:camp/roster",
      download: "roster-watercolor-basics.csv",
    });
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  test("a file without a name is saved under the class's id", async () => {
    stubWithCsv(() => new Response(csv, { status: 200, headers: { "Content-Type": "text/csv" } }));
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    await waitFor(() =>
      expect(clicked).toEqual([expect.objectContaining({ download: "roster-3.csv" })]),
    );
  });

  test("a refused download is shown and nothing is saved", async () => {
    stubWithCsv(
      () =>
        new Response(
          JSON.stringify({ message: "Only the class's instructor can read its roster." }),
          {
            status: 404,
            headers: { "Content-Type": "application/json" },
          },
        ),
    );
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only the class's instructor can read its roster.",
    );
    expect(clicked).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

describe("the class's waitlist", () => {
  // As the class's list shows them: the family's name and any reason a place was moved.
  const offered = makeWaitlistEntry({
    _id: 21,
    participantId: 30,
    participantName: "Lily Chen",
    accountName: "Wei Chen",
    status: "offered",
    position: null,
    offerExpiresAt: "2027-06-02T17:00:00Z",
    createdAt: "2027-05-20T10:00:00Z",
    moveReason: "",
  });
  const first = makeWaitlistEntry({
    _id: 22,
    participantId: 31,
    participantName: "Noah Park",
    accountName: "Jin Park",
    status: "waiting",
    position: 1,
    offerExpiresAt: null,
    createdAt: "2027-05-21T10:00:00Z",
    moveReason: "Sibling already enrolled.",
  });
  const second = { ...first, _id: 23, participantName: "Ella Park", position: 2, moveReason: "" };

  function section() {
    return within(screen.getByRole("region", { name: "Waitlist" }));
  }

  // The cells of the waitlist row whose header is the participant's name, by column header.
  function waitlistRowOf(name) {
    const row = section().getByRole("rowheader", { name }).closest("tr");
    const headers = section()
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    return (column) => within(row.cells[headers.indexOf(column)]);
  }

  test("below the roster, each entry shows its place, the participant, family, status and any offer's end", async () => {
    const fetch = stubApi({
      "/classes/3": watercolor,
      [roster]: [mia],
      [waitlist]: [offered, first, second],
    });
    renderPage();

    await screen.findByRole("region", { name: "Waitlist" });
    await section().findByRole("table");
    expect(
      section()
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Position", "Participant", "Family", "Status", "Offer ends"]);
    const lily = waitlistRowOf("Lily Chen");
    expect(lily("Position").getByText("—")).toBeInTheDocument();
    expect(lily("Family").getByText("Wei Chen")).toBeInTheDocument();
    expect(lily("Status").getByText("Seat offered")).toBeInTheDocument();
    const ends = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(offered.offerExpiresAt));
    expect(lily("Offer ends").getByText(ends)).toHaveAttribute("datetime", "2027-06-02T17:00:00Z");
    const noah = waitlistRowOf("Noah Park");
    expect(noah("Position").getByText("1")).toBeInTheDocument();
    expect(noah("Status").getByText("Waiting")).toBeInTheDocument();
    expect(noah("Status").getByText("Moved up: Sibling already enrolled.")).toBeInTheDocument();
    expect(noah("Offer ends").getByText("—")).toBeInTheDocument();
    expect(waitlistRowOf("Ella Park")("Position").getByText("2")).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url).filter((url) => url.endsWith("/waitlist"))).toEqual(
      ["/api/classes/3/waitlist"],
    );
    await expectNoSeriousA11yViolations();
  });

  test("an empty waitlist says so", async () => {
    stubApi({ "/classes/3": watercolor, [roster]: [mia], [waitlist]: [] });
    renderPage("admin");

    await screen.findByRole("region", { name: "Waitlist" });
    expect(await section().findByText("Nobody is on the waitlist.")).toBeInTheDocument();
  });

  test("a waitlist that cannot be loaded says so, under the roster", async () => {
    stubApi({
      "/classes/3": watercolor,
      [roster]: [mia],
      [waitlist]: respond(503, { message: "Try again later." }),
    });
    renderPage();

    await screen.findByRole("region", { name: "Waitlist" });
    expect(await section().findByRole("alert")).toHaveTextContent(
      "The waitlist could not be loaded.",
    );
    expect(screen.getByRole("rowheader", { name: "Mia Lopez" })).toBeInTheDocument();
  });

  test("a roster that cannot be read asks nothing of the waitlist", async () => {
    const fetch = stubApi({
      "/classes/3": watercolor,
      [roster]: respond(403, { message: "Only the class's instructor can read its roster." }),
      [waitlist]: [first],
    });
    renderPage();

    await screen.findByRole("alert");
    expect(screen.queryByRole("region", { name: "Waitlist" })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain("/api/classes/3/waitlist");
  });
});
