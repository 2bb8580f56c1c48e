import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { watchDownloads } from "../../../testing/downloads";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { BooksSection } from "./BooksSection";

const DAY_MS = 24 * 60 * 60 * 1000;

function dayFromToday(days) {
  return new Date(Date.now() + days * DAY_MS).toLocaleDateString("en-CA");
}

const from = dayFromToday(-30);
const to = dayFromToday(0);

function renderSection() {
  const rendered = renderWithProviders(<BooksSection from={from} to={to} />, {
    auth: signedIn("admin"),
  });
  return { ...rendered, user: userEvent.setup() };
}

function payout(overrides = {}) {
  return {
    id: "po_1",
    arrivesOn: dayFromToday(-2),
    status: "paid",
    currency: "usd",
    amount: 941,
    charges: 1000,
    refunds: 30,
    fees: 29,
    other: 0,
    net: 941,
    matched: true,
    movements: 3,
    matchedBy: "payout",
    ...overrides,
  };
}

describe("the journal's files", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/journal", token: "api-token" });

  test.each([
    ["Journal (CSV)", "csv", "text/csv"],
    ["Journal (XLSX)", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["QuickBooks Desktop (IIF)", "iif", "application/octet-stream"],
    ["QuickBooks Online (CSV)", "qbo.csv", "text/csv"],
    ["Xero (CSV)", "xero.csv", "text/csv"],
  ])("%s is asked for the days chosen and saved", async (label, file, accept) => {
    global.fetch = jest.fn(
      async () => new Response("Date,Entry\r\n", { headers: { "Content-Type": accept } }),
    );
    const { user } = renderSection();
    const start = screen.getByLabelText("Books from");
    await user.clear(start);
    await user.type(start, dayFromToday(-7));

    await user.click(screen.getByRole("button", { name: label }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = global.fetch.mock.calls[0];
    expect(url).toBe(`/api/reports/journal.${file}?from=${dayFromToday(-7)}&to=${to}`);
    expect(init.headers).toMatchObject({ Authorization: "Bearer api-token", Accept: accept });
    expect(clicked[0]).toEqual({
      href: "blob:camp/journal",
      download: `journal-${dayFromToday(-7)}-${to}.${file}`,
    });
  });

  test("a refused file is told, and nothing is saved", async () => {
    global.fetch = jest.fn(
      async () =>
        new Response(JSON.stringify({ message: "Stripe's payouts could not be read." }), {
          status: 503,
          headers: { "Content-Type": "application/json" },
        }),
    );
    const { user } = renderSection();

    await user.click(screen.getByRole("button", { name: "Journal (CSV)" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Stripe's payouts could not be read.",
    );
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

test("Stripe's payouts of the days chosen are shown with what each pays out, a mismatch told", async () => {
  stubApi({
    [`/reports/payouts?from=${from}&to=${to}`]: {
      payouts: [payout(), payout({ id: "po_2", amount: 500, net: 480, matched: false })],
    },
  });
  const { user } = renderSection();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Show Stripe payouts" }));

  const table = await screen.findByRole("table", {
    name: "Stripe payouts: each deposit and what it pays out",
  });
  const rows = within(table)
    .getAllByRole("row")
    .map((row) => [...row.cells].map((cell) => cell.textContent));
  expect(rows[0]).toEqual([
    "Arrives",
    "Payout",
    "Charges",
    "Refunds",
    "Stripe fees",
    "Deposit",
    "Matched",
  ]);
  expect(rows[1].slice(1)).toEqual(["po_1", "$1,000.00", "$30.00", "$29.00", "$941.00", "Yes"]);
  expect(rows[2].slice(1, 2)).toEqual(["po_2"]);
  expect(rows[2][6]).toBe("No: check in Stripe");
});

test("no payout in the days chosen is said so", async () => {
  stubApi({ [`/reports/payouts?from=${from}&to=${to}`]: { payouts: [] } });
  const { user } = renderSection();

  await user.click(screen.getByRole("button", { name: "Show Stripe payouts" }));

  expect(await screen.findByText("No payout arrives in these days.")).toBeVisible();
});
