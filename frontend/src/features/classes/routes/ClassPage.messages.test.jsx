import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { formatLocalDateTime } from "../../../components/ui/localTime";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeChance,
  makeClassMessage,
  makeScheduledClass,
  myself,
} from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const watercolor = makeScheduledClass({ _id: 7, nameClass: "Watercolor Week" });
const messagesPath = "/classes/7/messages";

// As a family reads them: no count of recipients.
const welcome = makeClassMessage({
  id: 51,
  subject: "Welcome to Watercolor Week",
  body: "Bring <b>an apron</b> and a water jar.\nThe map: https://camp.test/map.\n\nSee you Monday!",
  senderName: "Ada Brush",
  recipients: undefined,
});
const moved = makeClassMessage({
  id: 52,
  subject: "We moved to Studio C",
  body: "Studio B is being painted.",
  senderName: "",
  recipients: undefined,
});

function renderPage({ auth = signedIn("student"), route = "/classes/7", answers = {} } = {}) {
  const fetch = stubApi({
    "/classes/7": watercolor,
    "/participants": [myself],
    "/eligibility?classIds=7": { classes: { 7: [makeChance(myself)] } },
    ...answers,
  });
  const rendered = renderWithProviders(<ClassPage />, { route, path: "/classes/:id", auth });
  return { ...rendered, fetch };
}

function askedFor(fetch, path) {
  return fetch.mock.calls.some(([url]) => String(url) === `/api${path}`);
}

// Once the page has asked for `path` and drawn what the answer says.
async function answered(fetch, path) {
  await waitFor(() => expect(askedFor(fetch, path)).toBe(true));
  const call = fetch.mock.calls.findIndex(([url]) => String(url) === `/api${path}`);
  await act(async () => {
    await fetch.mock.results[call].value;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  delete Element.prototype.scrollIntoView;
});

test("a family reads the class's messages as plain text, with their links clickable", async () => {
  renderPage({ answers: { [messagesPath]: [moved, welcome] } });

  const section = within(await screen.findByRole("region", { name: "Messages from the class" }));
  const articles = section.getAllByRole("article");
  expect(articles).toHaveLength(2);
  expect(within(articles[0]).getByRole("heading", { level: 3 })).toHaveTextContent(
    "We moved to Studio C",
  );
  const first = within(section.getByRole("article", { name: "Welcome to Watercolor Week" }));
  expect(first.getByText(/^From Ada Brush,/)).toHaveTextContent(
    `From Ada Brush, ${formatLocalDateTime(welcome.sentAt)}`,
  );
  // What the sender typed is text, never markup: the tag shows as they wrote it.
  const typed = first.getByText(/Bring <b>an apron<\/b> and a water jar\./);
  expect(typed.querySelector("b")).toBeNull();
  expect(document.querySelector("#class-messages b")).toBeNull();
  // The line break is kept, the full stop after the address is no part of the link.
  expect(typed.textContent).toBe(
    "Bring <b>an apron</b> and a water jar.\nThe map: https://camp.test/map.",
  );
  expect(first.getByRole("link", { name: "https://camp.test/map" })).toHaveAttribute(
    "href",
    "https://camp.test/map",
  );
  expect(first.getByText("See you Monday!")).toBeInTheDocument();
  // A message whose sender's account is gone says only when.
  expect(
    within(section.getByRole("article", { name: "We moved to Studio C" })).queryByText(/From/),
  ).not.toBeInTheDocument();
  expect(document.getElementById("class-messages")).toHaveAccessibleName("Messages from the class");
  await expectNoSeriousA11yViolations();
});

test("the e-mail's link brings the messages into view", async () => {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  renderPage({ route: "/classes/7#class-messages", answers: { [messagesPath]: [welcome] } });

  const section = await screen.findByRole("region", { name: "Messages from the class" });

  await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(section));
});

test("someone who is not one of the class's families sees no messages section", async () => {
  const { fetch } = renderPage({
    answers: { [messagesPath]: respond(404, { message: "No such class." }) },
  });

  await answered(fetch, messagesPath);

  expect(screen.queryByRole("region", { name: "Messages from the class" })).not.toBeInTheDocument();
  expect(document.getElementById("class-messages")).toBeNull();
  expect(screen.queryByText("No such class.")).not.toBeInTheDocument();
});

test("a family with no messages yet sees no section", async () => {
  const { fetch } = renderPage({ answers: { [messagesPath]: [] } });

  await answered(fetch, messagesPath);

  expect(screen.queryByRole("region", { name: "Messages from the class" })).not.toBeInTheDocument();
});

test("a visitor is not asked for messages; one who followed the e-mail's link is asked to sign in", async () => {
  const { fetch, router } = renderPage({
    auth: visitor,
    route: "/classes/7#class-messages",
    answers: { [messagesPath]: [welcome] },
  });

  const signIn = await screen.findByRole("link", { name: "Sign in" });
  expect(signIn.closest("p")).toHaveTextContent(
    "Sign in to read the messages to this class's families.",
  );
  expect(askedFor(fetch, messagesPath)).toBe(false);
  expect(screen.queryByText("Welcome to Watercolor Week")).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();

  await userEvent.setup().click(signIn);
  await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  expect(router.state.location.state.from).toMatchObject({
    pathname: "/classes/7",
    hash: "#class-messages",
  });
});

test("a visitor who came some other way is offered nothing about messages", async () => {
  const { fetch } = renderPage({ auth: visitor, answers: { [messagesPath]: [welcome] } });

  await screen.findByRole("heading", { level: 1, name: "Watercolor Week" });
  expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  expect(askedFor(fetch, messagesPath)).toBe(false);
});
