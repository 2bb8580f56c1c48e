import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeAcceptance, makePolicy } from "../../testing/careFixtures";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { PoliciesSignForm } from "./PoliciesSignForm";

const NAMES = { 2: "Mia", 3: "Leo" };
const waiver = makePolicy({ due: [2, 3] });
const refunds = makePolicy({
  _id: 4,
  slug: "refund-policy",
  title: "Refund policy",
  text: "Refunds follow the season's terms.",
  version: 1,
  perChild: false,
  due: [null],
});
const photos = makePolicy({ _id: 5, slug: "photo-policy", title: "Photo policy", due: [] });

function renderForm(policies, { only, onAccepted = jest.fn() } = {}) {
  const rendered = renderWithProviders(
    <PoliciesSignForm
      policies={policies}
      only={only}
      whomOf={(participantId) => NAMES[participantId]}
      onAccepted={onAccepted}
    />,
  );
  return { ...rendered, onAccepted, user: userEvent.setup() };
}

function form() {
  return within(screen.getByRole("form", { name: "Accept the school's policies" }));
}

function posted(fetch) {
  return fetch.mock.calls
    .filter(([, init]) => init.method === "POST")
    .map(([url, init]) => [url, JSON.parse(init.body)]);
}

test("one form names every policy due, for whom, with its text, and one name signs them all", async () => {
  const accepted = [
    makeAcceptance({ participantId: 2 }),
    makeAcceptance({ participantId: 3 }),
    makeAcceptance({ policyId: 4, participantId: null, version: 1 }),
  ];
  const fetch = stubApi({ "POST /policies/acceptances": respond(201, accepted), "/policies": [] });
  const { user, onAccepted } = renderForm([waiver, refunds, photos]);

  const items = form().getAllByRole("listitem");
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent(/^Liability waiver for Mia and Leo \(version 2\)/);
  expect(items[1]).toHaveTextContent(/^Refund policy \(version 1\)/);
  expect(form().queryByText("Photo policy")).toBeNull();
  // Each text is there to open and read before signing.
  expect(form().getByText("Read the refund policy").closest("details")).toContainElement(
    form().getByText("Refunds follow the season's terms."),
  );
  await expectNoSeriousA11yViolations();

  await user.type(form().getByLabelText("Type your full name to accept"), " Ana Lopez ");
  await user.click(form().getByRole("button", { name: "Accept all" }));

  await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(accepted));
  expect(posted(fetch)).toEqual([
    [
      "/api/policies/acceptances",
      {
        acceptances: [
          { policyId: 1, participantId: 2 },
          { policyId: 1, participantId: 3 },
          { policyId: 4 },
        ],
        signedName: "Ana Lopez",
      },
    ],
  ]);
});

test("at checkout only what is due for the child paid for, and the family's own", () => {
  stubApi({});
  renderForm([waiver, refunds], { only: 3 });

  expect(form().getByText(/^Liability waiver/).parentElement).toHaveTextContent(
    "Liability waiver for Leo",
  );
  expect(form().queryByText(/Mia/)).toBeNull();
  expect(form().getByText("Refund policy")).toBeVisible();
});

test("a missing name and a name the server refuses: the summary takes the focus, then the field", async () => {
  const fetch = stubApi({
    "POST /policies/acceptances": respond(400, {
      message: "Please check these fields: signedName.",
      errors: { signedName: ["Type your full name as it is on your account: Ana Lopez."] },
    }),
  });
  const { user, onAccepted } = renderForm([refunds]);
  const name = form().getByLabelText("Type your full name to accept");

  await user.click(form().getByRole("button", { name: "Accept" }));
  let summary = await form().findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent("Your full name: Type your full name to accept.");
  expect(fetch).not.toHaveBeenCalled();

  await user.type(name, "Ana");
  await user.click(form().getByRole("button", { name: "Accept" }));
  await waitFor(() =>
    expect(name).toHaveAccessibleDescription(
      "Type your full name as it is on your account: Ana Lopez.",
    ),
  );
  summary = form().getByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).not.toHaveTextContent("signedName");
  await user.click(within(summary).getByRole("link"));
  expect(name).toHaveFocus();
  expect(onAccepted).not.toHaveBeenCalled();
});

test("one acceptance the server refuses is named by its policy, not by its place", async () => {
  stubApi({
    "POST /policies/acceptances": respond(400, {
      message: "Please check these fields: acceptances.",
      errors: { acceptances: ["Item 2: The school asks no policy of this person."] },
    }),
  });
  const { user } = renderForm([waiver]);

  await user.type(form().getByLabelText("Type your full name to accept"), "Ana Lopez");
  await user.click(form().getByRole("button", { name: "Accept all" }));

  const summary = await form().findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent(
    "Liability waiver for Leo: The school asks no policy of this person.",
  );
  expect(summary).not.toHaveTextContent("Item 2");
});

test("nothing due, no form", () => {
  stubApi({});
  renderForm([photos]);

  expect(screen.queryByRole("form")).toBeNull();
});
