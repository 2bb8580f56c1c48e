import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import {
  makeChance,
  makeChild,
  makeScheduledClass,
  makeWaitlistEntry,
  myself,
} from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const eligibility = "/eligibility?classIds=7";

const watercolor = makeScheduledClass({
  _id: 7,
  nameClass: "Watercolor Week",
  seats: 1,
  seatsFree: 0,
});
const mia = makeChild({ dateOfBirth: "2018-03-02" });

// Only a free seat is missing: the server says so, and that they may wait for one.
function waitsFor(participant) {
  return makeChance(participant, { kind: "full", reason: "This class has no seats left." });
}

function renderPage(answers) {
  const fetch = stubApi({
    "/classes/7": watercolor,
    ...answers,
  });
  const auth = signedIn("student");
  renderWithProviders(<ClassPage />, { route: "/classes/7", path: "/classes/:id", auth });
  return { fetch, auth, user: userEvent.setup() };
}

function posted(fetch) {
  return fetch.mock.calls
    .filter(([, init]) => init.method === "POST")
    .map(([url, init]) => [url, JSON.parse(init.body)]);
}

test("a full class's page offers Join the waitlist, and asks a family for whom", async () => {
  const { fetch, auth, user } = renderPage({
    "/participants": [myself, mia],
    [eligibility]: { classes: { 7: [waitsFor(myself), waitsFor(mia)] } },
    "/waitlist": respond(
      201,
      makeWaitlistEntry({
        _id: 5,
        classId: 7,
        className: watercolor.nameClass,
        image: watercolor.image,
        position: 2,
        participantId: 2,
        participantName: "Mia Lopez",
      }),
    ),
  });
  const join = await screen.findByRole("button", { name: "Join the waitlist" });
  await waitFor(() => expect(join).not.toHaveAttribute("aria-disabled"));
  expect(screen.getByText("Available seats").nextElementSibling).toHaveTextContent("0");
  expect(screen.getByText("No seats left")).toBeInTheDocument();

  await user.click(join);
  const dialog = within(
    screen.getByRole("dialog", { name: "Who is joining the waitlist for Watercolor Week?" }),
  );
  await user.click(dialog.getByRole("button", { name: "Mia Lopez" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Mia is on the waitlist, number 2"));
  expect(posted(fetch)).toEqual([["/api/waitlist", { classId: 7, participantId: mia._id }]]);
});

test("a student alone joins from the page straight away", async () => {
  const { fetch, auth, user } = renderPage({
    "/participants": [myself],
    [eligibility]: { classes: { 7: [waitsFor(myself)] } },
    "/waitlist": respond(
      201,
      makeWaitlistEntry({
        _id: 5,
        classId: 7,
        className: watercolor.nameClass,
        image: watercolor.image,
        position: 4,
      }),
    ),
  });
  const join = await screen.findByRole("button", { name: "Join the waitlist" });
  await waitFor(() => expect(join).not.toHaveAttribute("aria-disabled"));

  await user.click(join);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("You are on the waitlist, number 4"),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(posted(fetch)).toEqual([["/api/waitlist", { classId: 7, participantId: myself._id }]]);
  expect(screen.getByText("You are on the waitlist.")).toBeInTheDocument();
});
