import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { POTTERY_WHEEL, SENSORY_NEEDS, WHAT_HELPS } from "../../../testing/extrasFixtures";
import { hoursAgo, makeEnrolledClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

const myEnrolled = "/enrolledStudent/student%40camp.test";
const feed = { url: "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics" };
const answersPath = "/enrolments/105/answers";
const pottery = makeEnrolledClass({ _id: 5, nameClass: "Pottery Wheel" });
const QUESTIONS = [POTTERY_WHEEL, SENSORY_NEEDS, WHAT_HELPS];

function answers(overrides = {}) {
  return {
    enrolmentId: 105,
    // The start of the class's first day, ten days from now.
    editableUntil: hoursAgo(-240),
    questions: QUESTIONS,
    answers: { 103: false, 101: false },
    history: [
      { questionId: 103, value: false, answeredAt: hoursAgo(48) },
      { questionId: 101, value: false, answeredAt: hoursAgo(48) },
    ],
    ...overrides,
  };
}

function stubs(more) {
  return stubApi({ [myEnrolled]: [pottery], "/calendarFeed": feed, ...more });
}

// My Enrolled Classes, and the Pottery Wheel card's answers opened.
async function openAnswers() {
  renderRoutes([{ path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> }], {
    route: "/dashboard/my-enrolled-classes",
    auth: signedIn("student"),
  });
  const user = userEvent.setup();
  const card = within(await screen.findByRole("article", { name: "Pottery Wheel" }));
  await user.click(card.getByRole("button", { name: "Answers" }));
  const dialog = within(
    await screen.findByRole("dialog", { name: "Answers for Pottery Wheel, Ana Lopez" }),
  );
  return { user, dialog };
}

function put(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "PUT" && url === `/api${answersPath}`)
    .map(([, init]) => JSON.parse(init.body));
}

test("Answers on an enrolment opens its answers, named for the class and the child", async () => {
  stubs({ [answersPath]: answers() });
  renderRoutes([{ path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> }], {
    route: "/dashboard/my-enrolled-classes",
    auth: signedIn("student"),
  });
  const user = userEvent.setup();
  const card = within(await screen.findByRole("article", { name: "Pottery Wheel" }));

  const button = card.getByRole("button", { name: "Answers" });
  expect(button).toHaveAccessibleDescription("Pottery Wheel");
  await user.click(button);

  const dialog = within(
    await screen.findByRole("dialog", { name: "Answers for Pottery Wheel, Ana Lopez" }),
  );
  expect(
    await dialog.findByRole("radiogroup", { name: "Has your child used a pottery wheel?" }),
  ).toBeInTheDocument();
  await user.click(dialog.getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

test("before the first day the answers are changed, a follow-up appears for yes, and each change is kept", async () => {
  const fetch = stubs({
    [answersPath]: answers(),
    [`PUT ${answersPath}`]: answers({
      answers: { 103: false, 101: true, 102: "A quiet corner" },
    }),
  });
  const { user, dialog } = await openAnswers();

  const wheel = await dialog.findByRole("radiogroup", {
    name: "Has your child used a pottery wheel?",
  });
  expect(within(wheel).getByRole("radio", { name: "No" })).toBeChecked();
  expect(dialog.queryByRole("textbox", { name: "Tell us what helps" })).not.toBeInTheDocument();
  await user.click(
    within(
      dialog.getByRole("radiogroup", { name: "Any sensory needs we should plan for?" }),
    ).getByRole("radio", { name: "Yes" }),
  );
  // Required once shown.
  await user.click(dialog.getByRole("button", { name: "Save answers" }));
  expect(await dialog.findByRole("alert")).toHaveTextContent("Please answer “Tell us what helps”.");
  expect(put(fetch)).toEqual([]);

  await user.type(dialog.getByRole("textbox", { name: "Tell us what helps" }), "A quiet corner");
  await user.click(dialog.getByRole("button", { name: "Save answers" }));

  expect(await dialog.findByText("Your answers are saved.")).toBeInTheDocument();
  expect(put(fetch)).toEqual([{ answers: { 103: false, 101: true, 102: "A quiet corner" } }]);
  await user.click(dialog.getByText("Changes to these answers"));
  expect(dialog.getAllByRole("listitem")[0]).toHaveTextContent(
    "Has your child used a pottery wheel?: No",
  );
  await expectNoSeriousA11yViolations();
});

test("the server's refusal of an answer is shown beside its question", async () => {
  stubs({
    [answersPath]: answers(),
    // The answers' errors come keyed by question id (core/api.py), which the Error schema
    // does not say yet.
    [`PUT ${answersPath}`]: respond(400, {
      message: "Please answer “Has your child used a pottery wheel?”.",
      errors: { answers: { 103: ["Please answer “Has your child used a pottery wheel?”."] } },
    }),
  });
  const { user, dialog } = await openAnswers();
  await dialog.findByRole("radiogroup", { name: "Has your child used a pottery wheel?" });

  await user.click(dialog.getByRole("button", { name: "Save answers" }));

  expect(await dialog.findByRole("alert")).toHaveTextContent(
    "Please answer “Has your child used a pottery wheel?”.",
  );
  expect(
    dialog.getByRole("radiogroup", { name: "Has your child used a pottery wheel?" }),
  ).toHaveAccessibleDescription("Please answer “Has your child used a pottery wheel?”.");
});

test("once the class has begun the answers are read, not changed", async () => {
  stubs({ [answersPath]: answers({ editableUntil: hoursAgo(2) }) });
  const { dialog } = await openAnswers();

  expect(
    await dialog.findByText("The class has begun: these answers can no longer be changed here."),
  ).toBeInTheDocument();
  expect(dialog.getByText("Has your child used a pottery wheel?").nextSibling).toHaveTextContent(
    "No",
  );
  expect(dialog.queryByRole("radio")).not.toBeInTheDocument();
  expect(dialog.queryByRole("button", { name: "Save answers" })).not.toBeInTheDocument();
});

test("answers the server closed while the page was open are then read only", async () => {
  stubs({
    [answersPath]: answers(),
    [`PUT ${answersPath}`]: respond(409, {
      message: "The class has begun: its answers can no longer be changed.",
      code: "answers_closed",
    }),
  });
  const { user, dialog } = await openAnswers();
  await dialog.findByRole("radiogroup", { name: "Has your child used a pottery wheel?" });

  await user.click(dialog.getByRole("button", { name: "Save answers" }));

  expect(await dialog.findByRole("alert")).toHaveTextContent(
    "The class has begun: its answers can no longer be changed.",
  );
  await waitFor(() => expect(dialog.queryByRole("radio")).not.toBeInTheDocument());
});
