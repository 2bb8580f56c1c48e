import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { watchDownloads } from "../../../testing/downloads";
import { makeChild, makePayment, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";

const myPayments = "/payments/student%40camp.test";
const mia = makeChild({ _id: 7, firstName: "Mia" });

// Half past midnight on the New Year's Day after the real one: the year the page offers is the
// clock's, just turned, and a year a page reading anything but the clock would not show.
const NOW = new Date(new Date().getFullYear() + 1, 0, 1, 0, 30);
const THIS_YEAR = NOW.getFullYear();

function statement(year, participantId) {
  return `/statements/${year}.pdf?participantId=${participantId}`;
}

function renderPage() {
  renderRoutes([{ path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> }], {
    route: "/dashboard/my-payment-history",
    auth: signedIn("student"),
  });
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

function statements() {
  return within(screen.getByRole("region", { name: "Yearly statements" }));
}

function yearSelect() {
  return statements().getByRole("combobox", { name: "Year" });
}

const saved = watchDownloads({ objectUrl: "blob:camp/statement", token: "api-token" });

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  jest.useRealTimers();
});

/*
 * The JSON answers, and any refusal of a statement, as stubApi gives them (checked against the
 * schema); with `pdfAnswer`, each statement as the server sends the file: bytes, which the schema
 * describes only as binary. `pdfAnswer()` gives the response, or a promise of it.
 */
function stubWithPdf(answers, pdfAnswer) {
  const json = stubApi({
    [myPayments]: [makePayment()],
    "/participants": [myself, mia],
    ...answers,
  });
  global.fetch = jest.fn(async (url, init) =>
    String(url).includes(".pdf?") && pdfAnswer ? pdfAnswer() : json(url, init),
  );
  return global.fetch;
}

function pdf(filename) {
  return new Response("%PDF-1.4 statement", {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      ...(filename ? { "Content-Disposition": `attachment; filename="${filename}"` } : {}),
    },
  });
}

test("each participant of the family has a statement button, for this year unless another is chosen", async () => {
  stubWithPdf();
  renderPage();

  expect(
    await screen.findByRole("button", { name: `Download your ${THIS_YEAR} statement (PDF)` }),
  ).toBeInTheDocument();
  expect(yearSelect()).toHaveValue(String(THIS_YEAR));
  expect(
    within(yearSelect())
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual([THIS_YEAR, THIS_YEAR - 1, THIS_YEAR - 2, THIS_YEAR - 3].map(String));
  expect(
    statements()
      .getAllByRole("button")
      .map((button) => button.textContent),
  ).toEqual([
    `Download your ${THIS_YEAR} statement (PDF)`,
    `Download Mia Lopez's ${THIS_YEAR} statement (PDF)`,
  ]);
  // axe-core paces its checks with timers of its own, which a stopped clock never runs.
  jest.useRealTimers();
  await expectNoSeriousA11yViolations();
});

test("a statement of another year is asked for with the participant and the token, and saved under the server's name", async () => {
  const year = THIS_YEAR - 2;
  let answer;
  const fetch = stubWithPdf({}, () => new Promise((resolve) => (answer = resolve)));
  const { user } = renderPage();
  await screen.findByRole("button", { name: `Download your ${THIS_YEAR} statement (PDF)` });

  await user.selectOptions(yearSelect(), String(year));
  await user.click(
    statements().getByRole("button", { name: `Download Mia Lopez's ${year} statement (PDF)` }),
  );

  // While it comes, the button says so and takes no second press.
  const busy = statements().getByRole("button", {
    name: `Downloading Mia Lopez's ${year} statement…`,
  });
  expect(busy).toHaveAttribute("aria-disabled", "true");
  await user.click(
    statements().getByRole("button", { name: `Download your ${year} statement (PDF)` }),
  );
  answer(pdf(`statement-${year}-mia-lopez.pdf`));

  await waitFor(() =>
    expect(saved).toEqual([
      { href: "blob:camp/statement", download: `statement-${year}-mia-lopez.pdf` },
    ]),
  );
  const asked = fetch.mock.calls.filter(([url]) => String(url).includes(".pdf?"));
  expect(asked).toHaveLength(1);
  const [url, init] = asked[0];
  expect(url).toBe(`/api${statement(year, 7)}`);
  expect(init.method).toBe("GET");
  expect(init.headers).toMatchObject({
    Authorization: "Bearer api-token",
    Accept: "application/pdf",
  });
  const [blob] = URL.createObjectURL.mock.calls[0];
  expect(await blob.text()).toBe("%PDF-1.4 statement");
  expect(
    statements().getByRole("button", { name: `Download Mia Lopez's ${year} statement (PDF)` }),
  ).toHaveAttribute("aria-disabled", "false");
});

test("a statement the server sends without a name is saved as the year's statement", async () => {
  stubWithPdf({}, () => pdf(null));
  const { user } = renderPage();

  await user.click(
    await screen.findByRole("button", { name: `Download your ${THIS_YEAR} statement (PDF)` }),
  );

  await waitFor(() =>
    expect(saved).toEqual([expect.objectContaining({ download: `statement-${THIS_YEAR}.pdf` })]),
  );
});

test("a refused statement shows the server's message and saves nothing", async () => {
  stubWithPdf({
    [statement(THIS_YEAR, 7)]: respond(404, { message: "No such person in your family." }),
  });
  const { user } = renderPage();

  await user.click(
    await screen.findByRole("button", {
      name: `Download Mia Lopez's ${THIS_YEAR} statement (PDF)`,
    }),
  );

  expect(await statements().findByRole("alert")).toHaveTextContent(
    "No such person in your family.",
  );
  expect(saved).toEqual([]);
  expect(URL.createObjectURL).not.toHaveBeenCalled();
  expect(
    statements().getByRole("button", { name: `Download Mia Lopez's ${THIS_YEAR} statement (PDF)` }),
  ).toHaveAttribute("aria-disabled", "false");
  // axe-core paces its checks with timers of its own, which a stopped clock never runs.
  jest.useRealTimers();
  await expectNoSeriousA11yViolations();
});
