import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { localToday } from "../components/dayFigures";
import { DayClosePage } from "./DayClosePage";

const today = localToday();
const dayPath = `/frontDesk/day?date=${today}`;

const day = {
  date: today,
  takings: { card: 120, cash: 80, cheque: 45, total: 245 },
  payments: [
    {
      at: new Date().toISOString(),
      checkoutId: 9,
      family: { id: 40, name: "Ana Lopez" },
      method: "cash",
      amount: 80,
      reference: "",
    },
    {
      at: new Date().toISOString(),
      checkoutId: 10,
      family: { id: 41, name: "Jin Park" },
      method: "cheque",
      amount: 45,
      reference: "001234",
    },
  ],
  closed: null,
};

function renderPage(answers) {
  const fetch = stubApi(answers);
  renderRoutes([{ path: "/frontDesk/day", element: <DayClosePage /> }], {
    route: "/frontDesk/day",
    auth: signedIn("office"),
  });
  return { fetch, user: userEvent.setup() };
}

test("the day's takings are shown by method, with each payment", async () => {
  renderPage({ [dayPath]: day });

  const takings = within(await screen.findByRole("table", { name: "Taken at the desk" }));
  expect(takings.getByRole("row", { name: "Card $120.00" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Cash $80.00" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Cheque $45.00" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Total $245.00" })).toBeInTheDocument();
  const payments = within(screen.getByRole("table", { name: "Payments" }));
  expect(payments.getByText("001234")).toBeInTheDocument();
  await expectNoSeriousA11yViolations(document.body);
});

test("closing the day shows the difference as it is typed, then who closed it", async () => {
  const closed = {
    ...day,
    closed: {
      closedBy: "Sam Office",
      closedAt: new Date().toISOString(),
      countedCash: 75,
      countedCheques: 45,
      recordedCash: 80,
      recordedCheques: 45,
      difference: -5,
      note: "Five dollars short.",
    },
  };
  const { fetch, user } = renderPage({
    [dayPath]: day,
    "POST /frontDesk/day": respond(201, closed),
  });

  await user.type(await screen.findByLabelText("Cash counted"), "75");
  await user.type(screen.getByLabelText("Cheques counted"), "45");
  expect(screen.getByText(/Difference from what was recorded/)).toHaveTextContent("-$5.00");
  await user.type(screen.getByLabelText("Note"), "Five dollars short.");
  await user.click(screen.getByRole("button", { name: "Close the day" }));

  expect(await screen.findByText(/Closed by Sam Office/)).toBeInTheDocument();
  expect(screen.getByText("Note: Five dollars short.")).toBeInTheDocument();
  expect(
    screen.getByText(/Recorded: cash \$80.00, cheques \$45.00. Difference -\$5.00/),
  ).toBeInTheDocument();
  const call = fetch.mock.calls.find(([, init]) => init?.method === "POST");
  expect(JSON.parse(call[1].body)).toEqual({
    date: today,
    countedCash: "75.00",
    countedCheques: "45.00",
    note: "Five dollars short.",
  });
});

test("a day already closed by someone else is said, and the form keeps what was typed", async () => {
  const { user } = renderPage({
    [dayPath]: day,
    "POST /frontDesk/day": respond(409, {
      message: "This day is already closed.",
      code: "day_closed",
    }),
  });

  await user.type(await screen.findByLabelText("Cash counted"), "80");
  await user.type(screen.getByLabelText("Cheques counted"), "45");
  await user.click(screen.getByRole("button", { name: "Close the day" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("This day is already closed.");
  expect(screen.getByLabelText("Cash counted")).toHaveValue("80");
});
