import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeChance, makeChild, makeClass, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";

const watercolor = makeClass({ nameClass: "Watercolor Basics", ageMin: 8, ageMax: 12 });
const wheel = makeClass({ nameClass: "Pottery Wheel" });
const printmaking = makeClass({ nameClass: "Printmaking for Teens", ageMin: 13, ageMax: 17 });
const everyClass = `/eligibility?classIds=${watercolor._id},${wheel._id},${printmaking._id}`;

const mia = makeChild({ dateOfBirth: "2018-03-02" });

const forChildren = { kind: "age", reason: "Ages 8–12: this class is for children." };
const forTeens = { kind: "age", reason: "Ages 13–17: Mia will be 9 on June 14, 2027." };
const forTeensOnly = { kind: "age", reason: "Ages 13–17: this class is for teenagers." };

// Ana may take the wheel; Mia watercolor and the wheel; nobody the teens' printmaking.
const familyEligibility = {
  classes: {
    [watercolor._id]: [makeChance(myself, forChildren), makeChance(mia)],
    [wheel._id]: [makeChance(myself), makeChance(mia)],
    [printmaking._id]: [makeChance(myself, forTeensOnly), makeChance(mia, forTeens)],
  },
};

function renderAs(auth) {
  const rendered = renderWithProviders(<ClassesPage />, { route: "/all-classes", auth });
  return { ...rendered, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

// The card's one button, whatever it says.
function selectButton(name) {
  return card(name).getByRole("button");
}

function whoCanTake(name) {
  return card(name).getByRole("list", { name: "Who can take this class" }).querySelectorAll("li");
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

function posted(fetch) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === "POST");
  return JSON.parse(init.body);
}

function studentAnswers(overrides) {
  return {
    [firstPage]: [watercolor, wheel, printmaking],
    "/selectClass": respond(201, { insertedId: 70 }),
    ...overrides,
  };
}

test("a student alone selects straight away, with no participant sent", async () => {
  const fetch = stubApi(
    studentAnswers({
      "/participants": [myself],
      [everyClass]: {
        classes: {
          [watercolor._id]: [makeChance(myself, forChildren)],
          [wheel._id]: [makeChance(myself)],
          [printmaking._id]: [makeChance(myself)],
        },
      },
    }),
  );
  const auth = signedIn("student");
  const { user } = renderAs(auth);
  await waitFor(() => expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled"));

  await user.click(selectButton("Pottery Wheel"));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Pottery Wheel is Selected Successfully"),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(posted(fetch)).toEqual({ classId: wheel._id });
  // The server's reason the student cannot take a class shows on its card, and Select is off,
  // named by the kind of refusal.
  expect(card("Watercolor Basics").getByText(forChildren.reason)).toBeInTheDocument();
  expect(selectButton("Watercolor Basics")).toHaveAttribute("aria-disabled", "true");
  expect(selectButton("Watercolor Basics")).toHaveAccessibleName("Outside the age range");
  expect(selectButton("Watercolor Basics")).toHaveAccessibleDescription(
    `Watercolor Basics ${forChildren.reason}`,
  );
  // Alone, nobody is listed by name.
  expect(screen.queryByRole("list", { name: "Who can take this class" })).not.toBeInTheDocument();
});

test("the page asks once who in the family can take its classes, and each card says so", async () => {
  const fetch = stubApi(
    studentAnswers({ "/participants": [myself, mia], [everyClass]: familyEligibility }),
  );
  renderAs(signedIn("student"));

  await waitFor(() => expect(whoCanTake("Watercolor Basics")).toHaveLength(2));
  expect([...whoCanTake("Watercolor Basics")].map((item) => item.textContent)).toEqual([
    `Myself: ${forChildren.reason}`,
    "Mia Lopez: Can take this class",
  ]);
  expect([...whoCanTake("Pottery Wheel")].map((item) => item.textContent)).toEqual([
    "Myself: Can take this class",
    "Mia Lopez: Can take this class",
  ]);
  // One of the family can take it: Select is on.
  expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled");
  expect(selectButton("Watercolor Basics")).toHaveAccessibleName("Select");
  // Nobody can: Select is off, names what stops them all, and lists each one's reason.
  expect(selectButton("Printmaking for Teens")).toHaveAttribute("aria-disabled", "true");
  expect(selectButton("Printmaking for Teens")).toHaveAccessibleName("Outside the age range");
  expect(selectButton("Printmaking for Teens")).toHaveAccessibleDescription(
    new RegExp(`Mia Lopez: ${forTeens.reason}`),
  );
  expect(requests(fetch).filter((request) => request.includes("/eligibility"))).toEqual([
    `GET /api${everyClass}`,
  ]);
  await expectNoSeriousA11yViolations();
});

test("with a family, Select asks for whom and sends the participant chosen", async () => {
  const answers = studentAnswers({
    "/participants": [myself, mia],
    [everyClass]: familyEligibility,
  });
  const fetch = stubApi(answers);
  const auth = signedIn("student");
  const { user } = renderAs(auth);
  await waitFor(() => expect(whoCanTake("Watercolor Basics")).toHaveLength(2));

  await user.click(selectButton("Watercolor Basics"));

  const dialog = within(
    await screen.findByRole("dialog", { name: "Who is Watercolor Basics for?" }),
  );
  const forMyself = dialog.getByRole("button", { name: "Myself" });
  expect(forMyself).toHaveAttribute("aria-disabled", "true");
  expect(forMyself).toHaveAccessibleDescription(forChildren.reason);
  expect(dialog.getByRole("button", { name: "Mia Lopez" })).toHaveFocus();
  // Off, but reachable to hear why; pressing it chooses nobody.
  await user.click(forMyself);
  expect(
    await screen.findByRole("dialog", { name: "Who is Watercolor Basics for?" }),
  ).toBeVisible();
  expect(requests(fetch)).not.toContain("POST /api/selectClass");
  // What the server answers once Mia holds the class.
  answers[everyClass] = {
    classes: {
      ...familyEligibility.classes,
      [watercolor._id]: [
        makeChance(myself, forChildren),
        makeChance(mia, { kind: "selected", reason: "Mia has already selected this class." }),
      ],
    },
  };

  await user.click(dialog.getByRole("button", { name: "Mia Lopez" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith(
      "Watercolor Basics is Selected Successfully for Mia Lopez",
    ),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(posted(fetch)).toEqual({ classId: watercolor._id, participantId: mia._id });
  expect(
    await card("Watercolor Basics").findByText("Mia has already selected this class."),
  ).toBeInTheDocument();
  expect(selectButton("Watercolor Basics")).toHaveAttribute("aria-disabled", "true");
  expect(selectButton("Watercolor Basics")).toHaveAccessibleName("Selected for Mia");
  // Mia's selection does not hold the class for the rest of the family.
  expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled");
  const calls = requests(fetch);
  expect(calls.lastIndexOf(`GET /api${everyClass}`)).toBeGreaterThan(
    calls.indexOf("POST /api/selectClass"),
  );
});

test("cancelling the question selects nothing", async () => {
  const fetch = stubApi(
    studentAnswers({ "/participants": [myself, mia], [everyClass]: familyEligibility }),
  );
  const { user } = renderAs(signedIn("student"));
  await waitFor(() => expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled"));

  await user.click(selectButton("Pottery Wheel"));
  await user.click(await screen.findByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(selectButton("Pottery Wheel")).toHaveFocus();
  expect(requests(fetch).some((request) => request.startsWith("POST"))).toBe(false);
});

test("without the server's answer nobody is listed, and Select stays on", async () => {
  stubApi(
    studentAnswers({
      "/participants": [myself, mia],
      [everyClass]: respond(503, { message: "Busy." }),
    }),
  );
  const { user } = renderAs(signedIn("student"));

  await waitFor(() => expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled"));
  expect(screen.queryByRole("list", { name: "Who can take this class" })).not.toBeInTheDocument();
  // The server answers the press itself; the family is still asked for whom.
  await user.click(selectButton("Pottery Wheel"));
  const dialog = within(await screen.findByRole("dialog", { name: "Who is Pottery Wheel for?" }));
  expect(dialog.getByRole("button", { name: "Myself" })).not.toHaveAttribute("aria-disabled");
  expect(dialog.getByRole("button", { name: "Mia Lopez" })).not.toHaveAttribute("aria-disabled");
});

test("a visitor's page asks nothing about families", async () => {
  const fetch = stubApi({ [firstPage]: [watercolor, wheel] });
  renderAs(visitor);

  await screen.findByRole("article", { name: "Pottery Wheel" });
  expect(requests(fetch).sort()).toEqual(["GET /api/categories", `GET /api${firstPage}`]);
});
