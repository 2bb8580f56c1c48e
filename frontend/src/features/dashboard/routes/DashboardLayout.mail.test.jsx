import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { useMailSettings, useUpdateMailSettings } from "../../../api/mailSettings";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { DashboardLayout } from "./DashboardLayout";

const deliverable = { announcements: true, undeliverable: false, undeliverableReason: "" };
const bouncing = {
  announcements: true,
  undeliverable: true,
  undeliverableReason: "550 5.1.1 mailbox unavailable",
};

const BANNER =
  "We cannot deliver e-mail to student@camp.test. Receipts and reminders are not reaching you.";

// A dashboard page that reads the mail settings too and says the address works, as My Profile's
// E-mail section does.
function Page() {
  const { data } = useMailSettings();
  const update = useUpdateMailSettings();
  return (
    <>
      <h1>A dashboard page</h1>
      <p>{data ? `Announcements ${data.announcements ? "on" : "off"}` : ""}</p>
      <button type="button" onClick={() => update({ undeliverable: false })}>
        Fixed
      </button>
    </>
  );
}

function renderDashboard() {
  const rendered = renderRoutes(
    [
      {
        path: "/dashboard",
        element: <DashboardLayout />,
        children: [{ path: "*", element: <Page /> }],
      },
    ],
    { route: "/dashboard/page", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function mailReads(fetch) {
  return fetch.mock.calls.filter(
    ([url, init]) => url === "/api/profile/mail" && (init?.method ?? "GET") === "GET",
  );
}

test("an address that refuses mail is named at the top of the dashboard, with the way to fix it", async () => {
  const fetch = stubApi({ "/profile/mail": bouncing });
  renderDashboard();

  const banner = await screen.findByRole("alert");
  expect(banner).toHaveTextContent(`${BANNER} Fix it in My Profile`);
  expect(screen.getByRole("link", { name: "Fix it in My Profile" })).toHaveAttribute(
    "href",
    "/dashboard/profile",
  );
  // Above the page itself.
  expect(banner.compareDocumentPosition(screen.getByRole("heading", { level: 1 }))).toBe(
    Node.DOCUMENT_POSITION_FOLLOWING,
  );
  // The page reading the same settings asks nothing more.
  expect(await screen.findByText("Announcements on")).toBeInTheDocument();
  expect(mailReads(fetch)).toHaveLength(1);
  await expectNoSeriousA11yViolations();
});

test("an address that takes mail shows no banner", async () => {
  stubApi({ "/profile/mail": deliverable });
  renderDashboard();

  expect(await screen.findByText("Announcements on")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Fix it in My Profile" })).not.toBeInTheDocument();
});

test("settings that cannot be read show no banner", async () => {
  const fetch = stubApi({ "/profile/mail": respond(503, { message: "Try again later." }) });
  renderDashboard();

  await waitFor(() => expect(mailReads(fetch)).toHaveLength(1));
  expect(screen.getByRole("heading", { name: "A dashboard page" })).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("the banner goes as soon as the address is said to work, without asking again", async () => {
  const fetch = stubApi({ "GET /profile/mail": bouncing, "PATCH /profile/mail": deliverable });
  const { user } = renderDashboard();
  await screen.findByRole("alert");

  await user.click(screen.getByRole("button", { name: "Fixed" }));

  await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
  expect(mailReads(fetch)).toHaveLength(1);
});
