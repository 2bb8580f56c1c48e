import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { makeChild, makeScheduledClass, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const mySelections = "/selectClass?email=student%40camp.test";
const myEnrolments = "/enrolledStudent/student%40camp.test";
const eligibility = "/eligibility?classIds=7";

// For ages 8 to 12 (makeScheduledClass).
const watercolor = makeScheduledClass({ _id: 7, nameClass: "Watercolor Week" });

const mia = makeChild({ dateOfBirth: "2018-03-02" });
const leo = { ...mia, _id: 3, firstName: "Leo", dateOfBirth: "2021-05-09" };

const forChildren = "Ages 8–12: this class is for children.";
const tooYoung = "Ages 8–12: Leo will be 6 on June 14, 2027.";

function answer(participant, eligible, reason = null) {
  return {
    participantId: participant._id,
    participantName: `${participant.firstName} ${participant.lastName}`,
    isAccountHolder: participant.isAccountHolder,
    eligible,
    reason,
    // Only a full class puts anyone on its waitlist.
    waitlist: false,
  };
}

function renderPage(answers) {
  const fetch = stubApi({
    "/classes/7": watercolor,
    [mySelections]: [],
    [myEnrolments]: [],
    "/selectClass": respond(201, { insertedId: 90 }),
    ...answers,
  });
  const auth = signedIn("student");
  const rendered = renderWithProviders(<ClassPage />, {
    route: "/classes/7",
    path: "/classes/:id",
    auth,
  });
  return { ...rendered, fetch, auth, user: userEvent.setup() };
}

function posted(fetch) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === "POST");
  return JSON.parse(init.body);
}

test("a student alone selects from the page straight away", async () => {
  const { fetch, auth, user } = renderPage({
    "/participants": [myself],
    [eligibility]: { classes: { 7: [answer(myself, true)] } },
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
  const { fetch, auth, user } = renderPage({
    "/participants": [myself, mia, leo],
    [eligibility]: {
      classes: {
        7: [answer(myself, false, forChildren), answer(mia, true), answer(leo, false, tooYoung)],
      },
    },
  });

  const family = await screen.findByRole("list", { name: "Who can take this class" });
  expect([...family.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
    `Myself: ${forChildren}`,
    "Mia Lopez: Can take this class",
    `Leo Lopez: ${tooYoung}`,
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
  expect(dialog.getByRole("button", { name: "Leo Lopez" })).toHaveAccessibleDescription(tooYoung);
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
