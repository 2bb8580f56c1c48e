import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes } from "../../../testing/renderWithProviders";
import { UnsubscribePage } from "./UnsubscribePage";

const TOKEN = "a1b2c3";
const link = { address: "an•••@camp.test", announcements: true };

function renderPage() {
  const rendered = renderRoutes([{ path: "/unsubscribe/:token", element: <UnsubscribePage /> }], {
    route: `/unsubscribe/${TOKEN}`,
  });
  return { ...rendered, user: userEvent.setup() };
}

function calls(fetch, method) {
  return fetch.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([url]) => String(url));
}

test("opening the link only reads: announcements stop on the button's click", async () => {
  const fetch = stubApi({
    [`GET /unsubscribe/${TOKEN}`]: link,
    [`POST /unsubscribe/${TOKEN}`]: { ...link, announcements: false },
  });
  const { user } = renderPage();

  expect(await screen.findByText(`Announcements to ${link.address} are on.`)).toBeInTheDocument();
  expect(calls(fetch, "POST")).toEqual([]);
  await expectNoSeriousA11yViolations();

  await user.click(screen.getByRole("button", { name: "Stop announcements" }));

  expect(await screen.findByRole("status")).toHaveTextContent(
    `Done: no more announcements to ${link.address}. Mail about your enrolments still comes.`,
  );
  expect(calls(fetch, "POST")).toEqual([`/api/unsubscribe/${TOKEN}`]);
  expect(screen.queryByRole("button", { name: "Stop announcements" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "My Profile" })).toHaveAttribute(
    "href",
    "/dashboard/profile",
  );
});

test("a link whose announcements are already off says so, with no button", async () => {
  stubApi({ [`/unsubscribe/${TOKEN}`]: { ...link, announcements: false } });
  renderPage();

  expect(
    await screen.findByText(
      `Announcements to ${link.address} are already off. Mail about your enrolments still comes.`,
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
});

test("a link the school does not know says so", async () => {
  stubApi({
    [`/unsubscribe/${TOKEN}`]: respond(404, { message: "This unsubscribe link is not known." }),
  });
  renderPage();

  expect(
    await screen.findByText("This link is not known. It may be from an old message."),
  ).toBeInTheDocument();
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
});
