import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { TOO_MANY_MESSAGES } from "../components/ContactForm";
import { ContactPage } from "./ContactPage";

const THANKS = "Thank you! Your message has reached the school. We will answer by e-mail.";

function renderPage() {
  const rendered = renderWithProviders(<ContactPage />, { route: "/contact" });
  return { ...rendered, user: userEvent.setup() };
}

async function fillIn(user, { name = "Ada Lopez", email = "ada@family.test", message } = {}) {
  await user.type(screen.getByLabelText("Your name"), name);
  await user.type(screen.getByLabelText("Your e-mail"), email);
  await user.type(screen.getByLabelText("Message"), message ?? "Is there parking nearby?");
}

function sentBody(fetch) {
  const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith("/contact"));
  return { method: init.method, body: JSON.parse(init.body) };
}

test("the page has its title, the labelled form and the school's address", async () => {
  renderPage();

  expect(screen.getByRole("heading", { level: 1, name: "Contact us" })).toBeInTheDocument();
  expect(document.title).toBe("Contact us | Camp");
  expect(screen.getByRole("form", { name: "Contact the school" })).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Your name" })).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Your e-mail" })).toHaveAttribute("type", "email");
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    "0 of 5000 characters.",
  );
  expect(screen.getByRole("link", { name: "+1 (503) 555-0143" })).toBeInTheDocument();
  // The robots' field is out of sight and out of reach.
  expect(screen.queryByRole("textbox", { name: /empty/ })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a sent message is thanked, the thanks takes the focus, and another may be written", async () => {
  const fetch = stubApi({ "POST /contact": respond(201, { message: THANKS }) });
  const { user } = renderPage();

  await fillIn(user, { name: "  Ada Lopez " });
  await user.click(screen.getByRole("button", { name: "Send message" }));

  const thanks = await screen.findByRole("status");
  expect(thanks).toHaveTextContent(THANKS);
  await waitFor(() => expect(thanks).toHaveFocus());
  expect(screen.queryByRole("form")).not.toBeInTheDocument();
  expect(sentBody(fetch)).toEqual({
    method: "POST",
    body: {
      name: "Ada Lopez",
      email: "ada@family.test",
      message: "Is there parking nearby?",
      website: "",
    },
  });

  await user.click(screen.getByRole("button", { name: "Write another message" }));
  expect(screen.getByRole("textbox", { name: "Your name" })).toHaveFocus();
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
});

test("empty fields are named before anything is sent", async () => {
  const fetch = stubApi({});
  const { user } = renderPage();

  await user.click(screen.getByRole("button", { name: "Send message" }));

  expect(await screen.findByText("Please tell us your name.")).toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Your e-mail" })).toHaveAccessibleDescription(
    "Please give an e-mail address we can answer.",
  );
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    /Please write your message\./,
  );
  expect(fetch).not.toHaveBeenCalled();
});

test("the server's refusals appear beside the fields they name", async () => {
  stubApi({
    "POST /contact": respond(400, {
      message: "Please check these fields: email, message.",
      errors: {
        email: ["Please give an e-mail address we can answer."],
        message: ["Your message must be at most 5000 characters."],
      },
    }),
  });
  const { user } = renderPage();

  await fillIn(user, { email: "ada@family.test" });
  await user.click(screen.getByRole("button", { name: "Send message" }));

  const email = screen.getByRole("textbox", { name: "Your e-mail" });
  await waitFor(() =>
    expect(email).toHaveAccessibleDescription("Please give an e-mail address we can answer."),
  );
  expect(email).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
    /Your message must be at most 5000 characters\./,
  );
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
});

test("too many messages in a short time are explained, and the form is kept", async () => {
  stubApi({
    "POST /contact": respond(429, { message: "Request was throttled. Expected in 3540 seconds." }),
  });
  const { user } = renderPage();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Send message" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(TOO_MANY_MESSAGES);
  expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Is there parking nearby?");
});
