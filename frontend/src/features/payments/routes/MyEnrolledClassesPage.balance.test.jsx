import { screen, waitFor, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  BEFORE_THE_INSTALMENTS,
  makeEnrolledClass,
  todayFrozenAt,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

const myEnrolled = "/enrolledStudent/student%40camp.test";

// Mia's seat, paid by a plan; Leo's, paid in full.
const miasSeat = makeEnrolledClass({
  nameClass: "Watercolor Basics",
  enrolmentId: 41,
  participantId: 7,
  participantName: "Mia Lopez",
});
const leosSeat = makeEnrolledClass({
  nameClass: "Pottery Wheel",
  enrolmentId: 42,
  participantId: 9,
  participantName: "Leo Lopez",
});

const miasBalance = {
  paid: 75,
  due: 45,
  dueNow: 45,
  planLabel: "Deposit and two instalments",
  overdueSince: "2027-06-01",
  releaseOn: "2027-06-08",
  clientSecret: "seti_balance_secret",
  instalments: [
    {
      id: 1,
      kind: "instalment",
      dueOn: "2027-05-15",
      amount: 45,
      status: "paid",
      paidBy: "offline",
    },
    { id: 2, kind: "instalment", dueOn: "2027-05-31", amount: 45, status: "failed", paidBy: "" },
  ],
};
const leosBalance = {
  paid: 90,
  due: 0,
  dueNow: 0,
  planLabel: "",
  overdueSince: null,
  releaseOn: null,
  clientSecret: null,
  instalments: [],
};

function renderPage() {
  const fetch = stubApi({
    [myEnrolled]: [miasSeat, leosSeat],
    "/enrolments/41/balance": miasBalance,
    "/enrolments/42/balance": leosBalance,
    "/calendarFeed": { url: "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics" },
  });
  renderRoutes([{ path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> }], {
    route: "/dashboard/my-enrolled-classes",
    auth: signedIn("student"),
  });
  return fetch;
}

async function card(className) {
  return within(await screen.findByRole("article", { name: className }));
}

test("a seat paid by a plan shows what is paid and left, each instalment, and that it is overdue", async () => {
  renderPage();

  const mias = await card("Watercolor Basics");
  const plan = await mias.findByRole("region", { name: "Deposit and two instalments" });
  expect(within(plan).getByText("Overdue").closest("p")).toHaveTextContent(
    "Overdue The seat is kept until Tue, Jun 8, 2027 unless what is due is paid.",
  );
  expect(
    within(plan)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling.textContent]),
  ).toEqual([
    ["Paid", "$75.00"],
    ["Remaining", "$45.00"],
    ["Due now", "$45.00"],
  ]);
  expect(
    within(within(plan).getByRole("list", { name: "Instalments" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["Sat, May 15, 2027 $45.00 Paid in person", "Mon, May 31, 2027 $45.00 Failed"]);
  const payDue = mias.getByRole("link", { name: "Pay what is due now" });
  expect(payDue).toHaveAttribute("href", "/dashboard/balance/41?pay=due");
  expect(payDue).toHaveAccessibleDescription("Watercolor Basics");
  expect(mias.getByRole("link", { name: "Pay the remaining balance" })).toHaveAttribute(
    "href",
    "/dashboard/balance/41?pay=all",
  );
  await expectNoSeriousA11yViolations();
});

test("a seat paid in full shows no balance", async () => {
  const fetch = renderPage();
  await (
    await card("Watercolor Basics")
  ).findByRole("region", { name: "Deposit and two instalments" });

  await waitFor(() =>
    expect(fetch.mock.calls.map(([url]) => url)).toContain("/api/enrolments/42/balance"),
  );
  const leos = await card("Pottery Wheel");
  expect(leos.queryByRole("region")).not.toBeInTheDocument();
  expect(leos.queryByText("Remaining")).not.toBeInTheDocument();
  expect(leos.queryByRole("link", { name: /^Pay / })).not.toBeInTheDocument();
});
