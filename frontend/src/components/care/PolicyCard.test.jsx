import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeAcceptance, makePolicy } from "../../testing/careFixtures";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { PolicyCard } from "./PolicyCard";

const NAMES = { 2: "Mia", 3: "Leo" };

function renderCard(policy, { only, onAccepted = jest.fn() } = {}) {
  const rendered = renderWithProviders(
    <PolicyCard
      policy={policy}
      only={only}
      whomOf={(participantId) => NAMES[participantId]}
      onAccepted={onAccepted}
    />,
  );
  return { ...rendered, onAccepted, user: userEvent.setup() };
}

function signForm(name) {
  return within(screen.getByRole("form", { name }));
}

function posts(fetch) {
  return fetch.mock.calls
    .filter(([, init]) => init.method === "POST")
    .map(([url, init]) => [url, JSON.parse(init.body)]);
}

test("a per-child policy: its text on request, a form for each child due, who accepted the rest", async () => {
  stubApi({});
  const policy = makePolicy({ due: [2], accepted: [makeAcceptance({ participantId: 3 })] });
  const { user } = renderCard(policy);

  const card = within(screen.getByRole("region", { name: "Liability waiver" }));
  expect(card.getByText("Version 2")).toBeVisible();
  expect(card.queryByText("Art is messy.")).not.toBeVisible();
  await user.click(card.getByRole("button", { name: "Read the liability waiver" }));
  expect(card.getByText("Art is messy.")).toBeVisible();
  expect(card.getByRole("button", { name: "Hide the liability waiver" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  expect(signForm("Liability waiver for Mia").getByText("For Mia")).toBeVisible();
  expect(screen.queryByRole("form", { name: "Liability waiver for Leo" })).toBeNull();
  expect(card.getByText("For Leo")).toBeVisible();
  expect(card.getByText("Accepted by Ana Lopez on May 2, 2027")).toBeVisible();
  await expectNoSeriousA11yViolations();
});

test("accepting sends the typed name for the child", async () => {
  const accepted = makeAcceptance();
  const fetch = stubApi({
    "POST /policies/1/acceptances": respond(201, accepted),
    "/policies": [],
  });
  const { user, onAccepted } = renderCard(makePolicy());

  const form = signForm("Liability waiver for Mia");
  await user.type(form.getByLabelText("Type your full name to accept"), " Ana Lopez ");
  await user.click(form.getByRole("button", { name: "Accept" }));

  await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(accepted));
  expect(posts(fetch)).toEqual([
    ["/api/policies/1/acceptances", { participantId: 2, signedName: "Ana Lopez" }],
  ]);
});

test("a family policy is accepted once, for no child", async () => {
  const policy = makePolicy({
    _id: 4,
    slug: "refund-policy",
    title: "Refund policy",
    perChild: false,
    due: [null],
  });
  const accepted = makeAcceptance({ policyId: 4, participantId: null });
  const fetch = stubApi({
    "POST /policies/4/acceptances": respond(201, accepted),
    "/policies": [],
  });
  const { user, onAccepted } = renderCard(policy);

  const form = signForm("Refund policy");
  expect(form.queryByText(/^For /)).toBeNull();
  await user.type(form.getByLabelText("Type your full name to accept"), "Ana Lopez");
  await user.click(form.getByRole("button", { name: "Accept" }));

  await waitFor(() => expect(onAccepted).toHaveBeenCalled());
  expect(posts(fetch)).toEqual([["/api/policies/4/acceptances", { signedName: "Ana Lopez" }]]);
});

test("a name is needed, and one the server refuses says why beside it", async () => {
  const fetch = stubApi({
    "POST /policies/1/acceptances": respond(400, {
      message: "Some of the input cannot be used.",
      errors: { signedName: ["Type your full name as it is on your account: Ana Lopez."] },
    }),
  });
  const { user, onAccepted } = renderCard(makePolicy());
  const form = signForm("Liability waiver for Mia");
  const name = form.getByLabelText("Type your full name to accept");

  await user.click(form.getByRole("button", { name: "Accept" }));
  await waitFor(() => expect(name).toHaveAccessibleDescription("Type your full name to accept."));
  expect(fetch).not.toHaveBeenCalled();

  await user.type(name, "Ana");
  await user.click(form.getByRole("button", { name: "Accept" }));
  await waitFor(() =>
    expect(name).toHaveAccessibleDescription(
      "Type your full name as it is on your account: Ana Lopez.",
    ),
  );
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(onAccepted).not.toHaveBeenCalled();
});

test("at checkout the card asks only for the child paid for", () => {
  stubApi({});
  renderCard(makePolicy({ due: [2, 3], accepted: [] }), { only: 3 });

  expect(screen.getByRole("form", { name: "Liability waiver for Leo" })).toBeInTheDocument();
  expect(screen.queryByRole("form", { name: "Liability waiver for Mia" })).toBeNull();
});
