import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { formatLocalDateTime } from "../../../components/ui/localTime";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { hoursAgo, makeClass, makeClassMessage } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ANNOUNCEMENT_HINT } from "../components/ClassMessageForm";
import { ClassMessagesPage } from "./ClassMessagesPage";

const watercolor = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const messages = "/classes/3/messages";

const earlier = makeClassMessage({
  id: 41,
  subject: "Welcome to Watercolor Basics",
  body: "We meet in Studio B.\nThe map: https://camp.test/map",
  audience: "both",
  announcement: true,
  senderName: "Sam Instructor",
  recipients: 5,
});

function renderPage({ role = "instructor", answers = {} } = {}) {
  const stubs = { "/classes/3": watercolor, [messages]: [earlier], ...answers };
  const fetch = stubApi(stubs);
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-classes/:id/messages", element: <ClassMessagesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-classes/3/messages", auth: signedIn(role) },
  );
  return { ...rendered, stubs, fetch, user: userEvent.setup() };
}

async function write(user, { subject = "Kiln day", body = "Bring old clothes." } = {}) {
  await user.type(screen.getByRole("textbox", { name: "Subject" }), subject);
  await user.type(screen.getByRole("textbox", { name: "Message" }), body);
}

function posted(fetch) {
  const [url, init] = fetch.mock.calls.find(([, options]) => options?.method === "POST");
  return { url, body: JSON.parse(init.body) };
}

function pastMessages() {
  return within(screen.getByRole("region", { name: "Past messages" }));
}

test("the page explains where replies go and lists what was written before", async () => {
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Message families: Watercolor Basics" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Message families: Watercolor Basics | Camp");
  expect(screen.getByText(/Replies go to the school's office/)).toBeInTheDocument();
  expect(screen.getByText(/become clickable links/)).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    "0 of 5000 characters.",
  );
  expect(screen.getByRole("radio", { name: "Enrolled families" })).toBeChecked();
  expect(screen.getByRole("radio", { name: "Waitlisted families" })).not.toBeChecked();
  expect(screen.getByRole("radio", { name: "Both" })).not.toBeChecked();
  const announcement = screen.getByRole("checkbox", { name: "Announcement" });
  expect(announcement).not.toBeChecked();
  expect(announcement).toHaveAccessibleDescription(ANNOUNCEMENT_HINT);
  expect(screen.getByRole("link", { name: "Back to My Classes" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes",
  );

  const past = within(
    await pastMessages().findByRole("article", { name: /Welcome to Watercolor Basics/ }),
  );
  expect(past.getByText("Announcement")).toBeInTheDocument();
  expect(past.getByText(formatLocalDateTime(earlier.sentAt))).toBeInTheDocument();
  expect(past.getByText("Enrolled and waitlisted families")).toBeInTheDocument();
  expect(past.getByText("5 families")).toBeInTheDocument();
  expect(past.getByText("Sam Instructor")).toBeInTheDocument();
  expect(past.getByRole("link", { name: "https://camp.test/map" })).toHaveAttribute(
    "href",
    "https://camp.test/map",
  );
  await expectNoSeriousA11yViolations();
});

test("the instructor sends a message, is told how many families it reached, and sees it listed", async () => {
  const { stubs, fetch, user } = renderPage({
    answers: { [`POST ${messages}`]: respond(201, { id: 42, recipients: 3 }) },
  });
  await pastMessages().findByRole("article", { name: /Welcome to Watercolor Basics/ });
  const body = "Bring old clothes.\nPhotos of last year: https://camp.test/kiln.";
  await write(user, { subject: "  Kiln day ", body });
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    `${body.length} of 5000 characters.`,
  );
  await user.click(screen.getByRole("radio", { name: "Both" }));
  await user.click(screen.getByRole("checkbox", { name: "Announcement" }));
  // What the server lists once the message is sent.
  stubs[messages] = [
    makeClassMessage({
      id: 42,
      subject: "Kiln day",
      body,
      audience: "both",
      announcement: true,
      sentAt: hoursAgo(0),
      senderName: "Sam Instructor",
      recipients: 3,
    }),
    earlier,
  ];

  await user.click(screen.getByRole("button", { name: "Send" }));

  expect(await screen.findByText("Sent to 3 families.")).toBeInTheDocument();
  expect(posted(fetch)).toEqual({
    url: `/api${messages}`,
    body: { subject: "Kiln day", body, audience: "both", announcement: true },
  });
  const sent = within(await pastMessages().findByRole("article", { name: /Kiln day/ }));
  expect(sent.getByText("3 families")).toBeInTheDocument();
  expect(sent.getByRole("link", { name: "https://camp.test/kiln" })).toBeInTheDocument();
  // The form starts again, empty.
  expect(screen.getByRole("textbox", { name: "Subject" })).toHaveValue("");
  expect(screen.getByRole("radio", { name: "Enrolled families" })).toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Announcement" })).not.toBeChecked();
  await expectNoSeriousA11yViolations();
});

test("a class past its messages for the day is refused with the server's words, and the form is kept", async () => {
  // The limit resets at the next midnight after the day of the run.
  const resetsAt = new Date();
  resetsAt.setHours(24, 0, 0, 0);
  const day = resetsAt.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  const refusal =
    "Watercolor Basics has had 3 messages today, the most a class may send its families in a " +
    `day. You can write to them again from midnight (school time), ${day}.`;
  const { user } = renderPage({
    answers: {
      [`POST ${messages}`]: respond(
        429,
        {
          message: refusal,
          code: "class_messages_per_day",
          limit: 3,
          resetsAt: resetsAt.toISOString(),
        },
        { "Retry-After": "3600" },
      ),
    },
  });
  await write(user);

  await user.click(screen.getByRole("button", { name: "Send" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
  expect(screen.getByRole("textbox", { name: "Subject" })).toHaveValue("Kiln day");
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Bring old clothes.");
  expect(screen.queryByText(/^Sent to/)).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("nobody in the audience is said beside the form", async () => {
  const { user } = renderPage({
    answers: {
      [`POST ${messages}`]: respond(409, {
        message: "Nobody is waiting for a seat in this class yet.",
        code: "nobody_in_audience",
      }),
    },
  });
  await write(user);
  await user.click(screen.getByRole("radio", { name: "Waitlisted families" }));

  await user.click(screen.getByRole("button", { name: "Send" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Nobody is waiting for a seat in this class yet.",
  );
});

test("the server's field error lands on the field it names", async () => {
  const { user } = renderPage({
    answers: {
      [`POST ${messages}`]: respond(400, {
        message: "Please check these fields: subject.",
        errors: { subject: ["The subject must be at most 150 characters."] },
      }),
    },
  });
  await write(user);

  await user.click(screen.getByRole("button", { name: "Send" }));

  const subject = screen.getByRole("textbox", { name: "Subject" });
  await waitFor(() =>
    expect(subject).toHaveAccessibleDescription("The subject must be at most 150 characters."),
  );
  expect(subject).toHaveAttribute("aria-invalid", "true");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("empty fields are named before anything is sent", async () => {
  const { fetch, user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Send" }));

  expect(await screen.findByText("Please write a subject.")).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    /Please write your message\./,
  );
  expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
});

test("an admin goes back to Manage Classes", async () => {
  renderPage({ role: "admin" });

  expect(await screen.findByRole("link", { name: "Back to Manage Classes" })).toHaveAttribute(
    "href",
    "/dashboard/manage-classes",
  );
});

test("another instructor's class is not found, and no form is offered", async () => {
  renderPage({
    answers: { [messages]: respond(404, { message: "No such class." }) },
  });

  expect(await screen.findByText("This class could not be found.")).toBeInTheDocument();
  expect(screen.queryByRole("form", { name: "Message families" })).not.toBeInTheDocument();
});
