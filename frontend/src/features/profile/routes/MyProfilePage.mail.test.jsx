import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyProfilePage } from "./MyProfilePage";

const profile = {
  name: "Ada Student",
  email: "student@camp.test",
  photo: "https://images.camp.test/ada.png",
  bio: "",
};
const on = { announcements: true, undeliverable: false, undeliverableReason: "" };
const bouncing = {
  announcements: true,
  undeliverable: true,
  undeliverableReason: "550 5.1.1 mailbox unavailable",
};

const ANNOUNCEMENTS = "Send me announcements (class news from instructors and the school)";

function renderPage() {
  const rendered = renderRoutes([{ path: "/dashboard/profile", element: <MyProfilePage /> }], {
    route: "/dashboard/profile",
    auth: signedIn("student"),
  });
  return { ...rendered, user: userEvent.setup() };
}

async function mailSection() {
  return within(await screen.findByRole("region", { name: "E-mail" }));
}

function patches(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => url === "/api/profile/mail" && init.method === "PATCH")
    .map(([, init]) => JSON.parse(init.body));
}

test("the E-mail section shows whether announcements come, and that enrolment mail always does", async () => {
  stubApi({ "/profile": profile, "/profile/mail": on });
  renderPage();

  const section = await mailSection();
  const announcements = await section.findByRole("switch", { name: ANNOUNCEMENTS });
  expect(announcements).toBeChecked();
  expect(announcements).toHaveAccessibleDescription(
    "Mail about your enrolments — receipts, reminders, changes — is always sent.",
  );
  expect(section.queryByRole("button", { name: "My address works now" })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("moving the switch saves announcements at once and says Saved.", async () => {
  const fetch = stubApi({
    "/profile": profile,
    "GET /profile/mail": on,
    "PATCH /profile/mail": { ...on, announcements: false },
  });
  const { user } = renderPage();
  const section = await mailSection();
  const announcements = await section.findByRole("switch", { name: ANNOUNCEMENTS });

  await user.click(announcements);

  await waitFor(() => expect(section.getByRole("status")).toHaveTextContent("Saved."));
  expect(patches(fetch)).toEqual([{ announcements: false }]);
  expect(announcements).not.toBeChecked();
  expect(announcements).toBeEnabled();
});

test("turning announcements back on sends that too", async () => {
  const fetch = stubApi({
    "/profile": profile,
    "GET /profile/mail": { ...on, announcements: false },
    "PATCH /profile/mail": on,
  });
  const { user } = renderPage();
  const section = await mailSection();

  await user.click(await section.findByRole("switch", { name: ANNOUNCEMENTS }));

  await waitFor(() => expect(section.getByRole("status")).toHaveTextContent("Saved."));
  expect(patches(fetch)).toEqual([{ announcements: true }]);
  expect(section.getByRole("switch", { name: ANNOUNCEMENTS })).toBeChecked();
});

test("a refused save says why and leaves the switch as the server has it", async () => {
  stubApi({
    "/profile": profile,
    "GET /profile/mail": on,
    "PATCH /profile/mail": respond(400, { message: "Send announcements or undeliverable." }),
  });
  const { user } = renderPage();
  const section = await mailSection();
  const announcements = await section.findByRole("switch", { name: ANNOUNCEMENTS });

  await user.click(announcements);

  expect(await section.findByRole("alert")).toHaveTextContent(
    "Send announcements or undeliverable.",
  );
  expect(announcements).toBeChecked();
  expect(section.getByRole("status")).toHaveTextContent("");
});

test("mail that bounces is explained, and 'My address works now' says the address is fixed", async () => {
  const fetch = stubApi({
    "/profile": profile,
    "GET /profile/mail": bouncing,
    "PATCH /profile/mail": on,
  });
  const { user } = renderPage();
  const section = await mailSection();

  expect(
    await section.findByText(
      "Mail to student@camp.test is being refused (550 5.1.1 mailbox unavailable). Check the " +
        "address with your mail provider, then press 'My address works now'.",
    ),
  ).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
  await user.click(section.getByRole("button", { name: "My address works now" }));

  await waitFor(() => expect(section.getByRole("status")).toHaveTextContent("Saved."));
  expect(patches(fetch)).toEqual([{ undeliverable: false }]);
  expect(section.queryByText(/is being refused/)).not.toBeInTheDocument();
  expect(section.queryByRole("button", { name: "My address works now" })).not.toBeInTheDocument();
});

test("the switch waits for the server while it saves", async () => {
  let answer;
  stubApi({ "/profile": profile, "GET /profile/mail": on });
  const stubbed = global.fetch;
  global.fetch = jest.fn((url, init) => {
    if (init?.method !== "PATCH") return stubbed(url, init);
    return new Promise((resolve) => {
      answer = () => resolve(answerFor(url, init, 200, { ...on, announcements: false }));
    });
  });
  const { user } = renderPage();
  const section = await mailSection();
  const announcements = await section.findByRole("switch", { name: ANNOUNCEMENTS });

  await user.click(announcements);

  expect(announcements).not.toBeChecked();
  expect(announcements).toBeDisabled();
  answer();
  await waitFor(() => expect(announcements).toBeEnabled());
  expect(section.getByRole("status")).toHaveTextContent("Saved.");
});
