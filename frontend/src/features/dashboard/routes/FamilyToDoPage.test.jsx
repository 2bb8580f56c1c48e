import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { formatDate } from "../../../components/ui/schedule";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { DashboardHome } from "./DashboardHome";

// A to-do as GET /todo answers it: the fields its kind does not use are empty.
function todo(fields) {
  return {
    kind: "",
    dueAt: null,
    participantId: null,
    participantName: "",
    classId: null,
    className: "",
    missing: [],
    policyId: null,
    policyTitle: "",
    childrenNames: [],
    amount: null,
    enrolmentId: null,
    waitlistEntryId: null,
    count: null,
    subject: "",
    ...fields,
  };
}

// In the server's order: the soonest deadline first, messages (no deadline) last.
const TODO = [
  todo({
    kind: "balance",
    dueAt: "2027-06-01T00:00:00-07:00",
    participantId: 7,
    participantName: "Mia Lopez",
    classId: 3,
    className: "Wheel Pottery",
    amount: 150,
    enrolmentId: 41,
  }),
  todo({
    kind: "waitlistOffer",
    dueAt: "2027-06-03T09:30:00-07:00",
    participantId: 8,
    participantName: "Leo Lopez",
    classId: 4,
    className: "Raku Firing",
    waitlistEntryId: 31,
  }),
  todo({
    kind: "careRecord",
    dueAt: "2027-06-14T09:00:00-07:00",
    participantId: 8,
    participantName: "Leo Lopez",
    missing: ["confirmation"],
  }),
  todo({
    kind: "careRecord",
    dueAt: "2027-06-14T09:00:00-07:00",
    participantId: 9,
    participantName: "Ines Lopez",
    missing: ["emergencyContacts", "photoConsent"],
  }),
  todo({
    kind: "policy",
    dueAt: "2027-06-14T09:00:00-07:00",
    policyId: 1,
    policyTitle: "Liability waiver",
    childrenNames: ["Leo Lopez", "Ines Lopez"],
  }),
  todo({ kind: "policy", policyId: 2, policyTitle: "Refund policy" }),
  todo({
    kind: "careRecord",
    participantId: 10,
    participantName: "Tomas Lopez",
    missing: ["record"],
  }),
  todo({
    kind: "classMessages",
    classId: 3,
    className: "Wheel Pottery",
    count: 2,
    subject: "Kiln day",
  }),
];

function renderHome(auth = signedIn("student")) {
  return renderRoutes(
    [
      { path: "/dashboard", element: <DashboardHome /> },
      { path: "/dashboard/my-classes", element: <h1>My Classes</h1> },
      { path: "*", element: <h1>Another page</h1> },
    ],
    { route: "/dashboard", auth },
  );
}

function items() {
  return within(screen.getByRole("list", { name: "Things to do, the most urgent first" }))
    .getAllByRole("listitem")
    .map((item) => {
      const link = within(item).getByRole("link");
      return [link.firstChild.textContent, link.getAttribute("href")];
    });
}

test("everything the family has to do, in the server's order, each a link to where it is done", async () => {
  stubApi({ "/todo": TODO });
  renderHome();

  expect(await screen.findByRole("heading", { level: 1, name: "To Do" })).toBeInTheDocument();
  await screen.findByRole("list", { name: "Things to do, the most urgent first" });
  expect(document.title).toBe("To Do | Camp");
  expect(items()).toEqual([
    ["Pay $150.00 due for Wheel Pottery", "/dashboard/balance/41?pay=due"],
    ["Take the seat offered in Raku Firing", "/dashboard/waitlist#offer-31"],
    ["Check Leo Lopez's care record is still correct", "/dashboard/family/8/care"],
    ["Complete Ines Lopez's care record", "/dashboard/family/9/care"],
    ["Accept the liability waiver", "/dashboard/family#school-policies"],
    ["Accept the refund policy", "/dashboard/family#school-policies"],
    ["Fill in Tomas Lopez's care record", "/dashboard/family/10/care"],
    ["Read 2 new messages from Wheel Pottery", "/classes/3#class-messages"],
  ]);
});

test("each says whom it is for and by when", async () => {
  stubApi({ "/todo": TODO });
  renderHome();
  await screen.findByRole("list", { name: "Things to do, the most urgent first" });

  const details = screen
    .getAllByRole("listitem")
    .map((item) => item.querySelector(".small").textContent);
  expect(details).toEqual([
    "For Mia Lopez. Due since Tue, Jun 1, 2027.",
    "For Leo Lopez. The offer lapses Thu, Jun 3, 2027, 9:30 AM.",
    "Still needed: a check that Leo Lopez's care record is still correct. Before the first class, Mon, Jun 14, 2027, 9:00 AM.",
    "Still needed: more emergency contacts and photo consent. Before the first class, Mon, Jun 14, 2027, 9:00 AM.",
    "For Leo Lopez and Ines Lopez. Before the first class, Mon, Jun 14, 2027, 9:00 AM.",
    "For your family.",
    "Still needed: Tomas Lopez's care record.",
    "Latest: Kiln day",
  ]);
  await expectNoSeriousA11yViolations();
});

test("with nothing to do the page says so", async () => {
  stubApi({ "/todo": [] });
  renderHome();

  expect(await screen.findByText("Nothing to do. You are all set.")).toBeInTheDocument();
  expect(screen.queryByRole("list")).not.toBeInTheDocument();
});

test("a list that could not be loaded says so", async () => {
  stubApi({});
  renderHome();

  expect(await screen.findByText("Your to-do list could not be loaded.")).toBeInTheDocument();
});

test("staff start on their own first page, with no to-do list asked for", async () => {
  const fetch = stubApi({ "/todo": TODO });
  renderHome(signedIn("instructor"));

  expect(await screen.findByRole("heading", { name: "My Classes" })).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});

test("a care record the office took by phone asks the family to check and confirm it", async () => {
  const takenAt = new Date().toISOString();
  stubApi({
    "/todo": [
      todo({ kind: "careTakenByPhone", participantId: 8, participantName: "Leo Lopez", takenAt }),
    ],
  });
  renderHome();
  await screen.findByRole("list", { name: "Things to do, the most urgent first" });

  expect(items()).toEqual([
    [
      "Check and confirm Leo Lopez's care record, taken by phone by the office",
      "/dashboard/family/8/care",
    ],
  ]);
  expect(screen.getByRole("listitem").querySelector(".small").textContent).toBe(
    `Taken on ${formatDate(takenAt)}.`,
  );
});
