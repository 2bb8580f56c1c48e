import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeAcceptance, makePolicy } from "../../testing/careFixtures";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { PolicyCard } from "./PolicyCard";

const NAMES = { 2: "Mia", 3: "Leo" };

function renderCard(policy) {
  const rendered = renderWithProviders(
    <PolicyCard policy={policy} whomOf={(participantId) => NAMES[participantId]} />,
  );
  return { ...rendered, user: userEvent.setup() };
}

test("a per-child policy: its text on request, who it is still due for, who accepted it", async () => {
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

  expect(card.getByText("Still to accept for Mia")).toBeVisible();
  expect(card.getByText("For Leo")).toBeVisible();
  expect(card.getByText("Accepted by Ana Lopez on May 2, 2027")).toBeVisible();
  // It is signed with the others, in one form: the card has none of its own.
  expect(screen.queryByRole("form")).toBeNull();
  await expectNoSeriousA11yViolations();
});

test("a family policy is still due for the family", () => {
  stubApi({});
  renderCard(makePolicy({ title: "Refund policy", perChild: false, due: [null] }));

  expect(screen.getByText("Still to accept")).toBeVisible();
});
