import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { makeChance, makeChild, makeScheduledClass, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const eligibility = "/eligibility?classIds=7";

// For ages 8 to 12 (makeScheduledClass).
const watercolor = makeScheduledClass({ _id: 7, nameClass: "Watercolor Week" });

const mia = makeChild({ dateOfBirth: "2018-03-02" });
const leo = { ...mia, _id: 3, firstName: "Leo", dateOfBirth: "2021-05-09" };

const forChildren = { kind: "age", reason: "Ages 8–12: this class is for children." };
const tooYoung = { kind: "age", reason: "Ages 8–12: Leo will be 6 on June 14, 2027." };

function renderPage(stubs) {
  const answers = {
    "/classes/7": watercolor,
    "/selectClass": respond(201, { insertedId: 90 }),
    ...stubs,
  };
  const fetch = stubApi(answers);
  const auth = signedIn("student");
  const rendered = renderWithProviders(<ClassPage />, {
    route: "/classes/7",
    path: "/classes/:id",
    auth,
  });
  return { ...rendered, answers, fetch, auth, user: userEvent.setup() };
}

function posted(fetch) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === "POST");
  return JSON.parse(init.body);
}

test("a student alone selects from the page straight away", async () => {
  const { fetch, auth, user } = renderPage({
    "/participants": [myself],
    [eligibility]: { classes: { 7: [makeChance(myself)] } },
  });
  const select = await screen.findByRole("button", { name: "Select" });
  await waitFor(() => expect(select).not.toHaveAttribute("aria-disabled"));

  await user.click(select);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Watercolor Week is Selected Successfully"),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(posted(fetch)).toEqual({ classId: 7 });
});

test("the page names who in the family can take the class, and asks for whom", async () => {
  const { answers, fetch, auth, user } = renderPage({
    "/participants": [myself, mia, leo],
    [eligibility]: {
      classes: {
        7: [makeChance(myself, forChildren), makeChance(mia), makeChance(leo, tooYoung)],
      },
    },
  });

  const family = await screen.findByRole("list", { name: "Who can take this class" });
  expect([...family.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
    `Myself: ${forChildren.reason}`,
    "Mia Lopez: Can take this class",
    `Leo Lopez: ${tooYoung.reason}`,
  ]);
  const select = screen.getByRole("button", { name: "Select" });
  await waitFor(() => expect(select).not.toHaveAttribute("aria-disabled"));
  expect(select).toHaveAccessibleDescription(/Mia Lopez: Can take this class/);

  await user.click(select);
  const dialog = within(screen.getByRole("dialog", { name: "Who is Watercolor Week for?" }));
  expect(dialog.getByRole("button", { name: "Leo Lopez" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  expect(dialog.getByRole("button", { name: "Leo Lopez" })).toHaveAccessibleDescription(
    tooYoung.reason,
  );
  // What the server answers once Mia holds the class.
  answers[eligibility] = {
    classes: {
      7: [
        makeChance(myself, forChildren),
        makeChance(mia, { kind: "selected", reason: "Mia has already selected this class." }),
        makeChance(leo, tooYoung),
      ],
    },
  };
  await user.click(dialog.getByRole("button", { name: "Mia Lopez" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith(
      "Watercolor Week is Selected Successfully for Mia Lopez",
    ),
  );
  expect(posted(fetch)).toEqual({ classId: 7, participantId: 2 });
  // Nobody else in the family can take it now.
  expect(await screen.findByText("Mia has already selected this class.")).toBeInTheDocument();
  expect(select).toHaveAttribute("aria-disabled", "true");
  expect(select).toHaveAccessibleName("Selected for Mia");
  expect(select).toHaveAccessibleDescription(/Mia Lopez: Mia has already selected this class\./);
});

test("a reason the server gives the whole family is said once, without listing them", async () => {
  const closed = "Registration for this class closed on Tuesday, June 1, 2027.";
  const registrationClosed = { kind: "registration-closed", reason: closed };
  renderPage({
    "/participants": [myself, mia, leo],
    [eligibility]: {
      classes: { 7: [myself, mia, leo].map((who) => makeChance(who, registrationClosed)) },
    },
  });

  const button = await screen.findByRole("button", { name: "Registration closed" });
  expect(button).toHaveAttribute("aria-disabled", "true");
  await waitFor(() => expect(button).toHaveAccessibleDescription(expect.stringContaining(closed)));
  expect(screen.queryByRole("list", { name: "Who can take this class" })).not.toBeInTheDocument();
});
