import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { TOKEN_KEY } from "../../../lib/api";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ClassRosterPage } from "./ClassRosterPage";

const watercolor = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const roster = "/classes/3/roster";

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

test("without the class's name the roster still shows", async () => {
  stubApi({ "/classes/3": respond(404, { message: "Not found." }), [roster]: [mia] });
  renderPage();

  expect(await screen.findByRole("rowheader", { name: "Mia Lopez" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Roster" })).toBeInTheDocument();
});

describe("Download CSV", () => {
  const csv = "participantName,age\r\nMia Lopez,9\r\n";
  let clicked;

  beforeEach(() => {
    window.localStorage.setItem(TOKEN_KEY, "api-token");
    // jsdom has no object URLs and does not download: the test sees what the browser is handed.
    URL.createObjectURL = jest.fn(() => "blob:camp/roster");
    URL.revokeObjectURL = jest.fn();
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function click() {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    window.localStorage.removeItem(TOKEN_KEY);
    jest.restoreAllMocks();
  });

  // The JSON answers as stubApi gives them, and the CSV file as the server sends it.
  function stubWithCsv(csvAnswer) {
    const json = stubApi({ "/classes/3": watercolor, [roster]: [mia, sam] });
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
