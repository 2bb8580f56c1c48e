import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import useSWR from "swr";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeEnrolledClass as makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

const myEnrolled = "/enrolledStudent/student%40camp.test";
const myPayments = "/payments/student%40camp.test";
const feedUrl = "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics";

const watercolor = makeClass({ nameClass: "Watercolor Basics", price: 120 });
const miasSeat = { ...watercolor, enrolmentId: 41, participantId: 7, participantName: "Mia Lopez" };
const leosSeat = { ...watercolor, enrolmentId: 42, participantId: 9, participantName: "Leo Lopez" };
const preview = {
  enrolmentId: 41,
  classId: watercolor._id,
  className: "Watercolor Basics",
  participantName: "Mia Lopez",
  paid: 120,
  refundAmount: 60,
  tier: "partial",
  tierLabel: "50% back: 13 to 7 days before the first meeting",
  why: "it is 10 days before the first meeting",
  policyText: "Full refund until 14 days before.\n\nHalf from 13 to 7 days; nothing after.",
  withheldDiscount: 0,
  refundTo: "card",
  creditAmount: 60,
  creditBonusPercent: 0,
  creditReturned: 0,
};
const cancelled = {
  enrolmentId: 41,
  status: "cancelled",
  refundAmount: 60,
  refundStatus: "succeeded",
  message: "Mia Lopez's seat in Watercolor Basics is cancelled. $60.00 is on its way back to you.",
  refundTo: "card",
  creditAmount: 0,
};

// Other lists a cancellation changes, as other pages would have them cached and showing.
function OtherLists() {
  useSWR(myPayments);
  useSWR("/classes");
  useSWR(`/eligibility?classIds=${watercolor._id}`);
  useSWR("/credit");
  return null;
}

function renderPage({ withOtherLists = false } = {}) {
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [
      {
        path: "/dashboard/my-enrolled-classes",
        element: (
          <>
            <MyEnrolledClassesPage />
            {withOtherLists && <OtherLists />}
          </>
        ),
      },
    ],
    { route: "/dashboard/my-enrolled-classes", auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

function answers(overrides) {
  return {
    [myEnrolled]: [miasSeat, leosSeat],
    "/calendarFeed": { url: feedUrl },
    "/enrolments/41/cancellation?refundTo=card": preview,
    [myPayments]: [],
    "/classes": [],
    [`/eligibility?classIds=${watercolor._id}`]: { classes: {} },
    "/credit": { balance: 0, entries: [] },
    ...overrides,
  };
}

function cancelButtonOf(participantName) {
  const card = screen
    .getAllByRole("article", { name: "Watercolor Basics" })
    .find((article) => within(article).queryByText(participantName));
  return within(card).getByRole("button", { name: "Cancel enrolment" });
}

function requests(fetch, method) {
  return fetch.mock.calls.filter(([, init]) => init.method === method).map(([url]) => url);
}

// What each cancellation sent.
function cancellationBodies(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init.method === "POST" && url.endsWith("/cancellation"))
    .map(([, init]) => JSON.parse(init.body));
}

test("each seat has Cancel enrolment, which shows the refund before anything is cancelled", async () => {
  const fetch = stubApi(answers());
  const { user } = renderPage();
  await screen.findAllByRole("article", { name: "Watercolor Basics" });
  await screen.findByLabelText("Calendar link");

  await user.click(cancelButtonOf("Mia Lopez"));

  const dialog = within(
    screen.getByRole("dialog", { name: "Cancel Watercolor Basics for Mia Lopez?" }),
  );
  expect(await dialog.findByText("$60.00")).toBeInTheDocument();
  expect(dialog.getByText("$120.00")).toBeInTheDocument();
  expect(dialog.getByText(preview.tierLabel)).toBeInTheDocument();
  expect(dialog.getByText("It is 10 days before the first meeting.")).toBeInTheDocument();
  expect(dialog.getByText("Full refund until 14 days before.")).toBeInTheDocument();
  expect(dialog.getByText("Half from 13 to 7 days; nothing after.")).toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Cancel enrolment" })).toBeEnabled();
  expect(requests(fetch, "GET")).toContain("/api/enrolments/41/cancellation?refundTo=card");
  expect(requests(fetch, "POST")).toEqual([]);
  await expectNoSeriousA11yViolations();

  await user.click(dialog.getByRole("button", { name: "Keep enrolment" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(requests(fetch, "POST")).toEqual([]);
});

test("confirming cancels, says what the server said, and refreshes the lists", async () => {
  const fetch = stubApi(answers());
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) =>
    init.method === "POST" && String(url).endsWith("/enrolments/41/cancellation")
      ? answerFor(url, init, 200, cancelled)
      : answer(url, init),
  );
  const { user, auth } = renderPage();
  await screen.findAllByRole("article", { name: "Watercolor Basics" });

  await user.click(cancelButtonOf("Mia Lopez"));
  const dialog = within(screen.getByRole("dialog"));
  await dialog.findByText("$60.00");
  await user.click(dialog.getByRole("button", { name: "Cancel enrolment" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith(cancelled.message));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(requests(fetch, "POST")).toEqual(["/api/enrolments/41/cancellation"]);
  // Back to the card unless the family chose otherwise, for the refund they were shown.
  expect(cancellationBodies(fetch)).toEqual([{ refundTo: "card", refundAmount: "60.00" }]);
  // The enrolled classes are asked again (the cancelled seat leaves the list).
  await waitFor(() =>
    expect(requests(fetch, "GET").filter((url) => url === `/api${myEnrolled}`)).toHaveLength(2),
  );
  expect(screen.getByRole("heading", { name: "My Enrolled Classes" })).toHaveFocus();
});

test("the payments, the credit, the classes and who can take them are asked again after a cancellation", async () => {
  const fetch = stubApi(
    answers({
      "/enrolments/42/cancellation?refundTo=card": { ...preview, enrolmentId: 42, tier: "none" },
    }),
  );
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) =>
    init.method === "POST"
      ? answerFor(url, init, 200, { ...cancelled, enrolmentId: 42, message: "" })
      : answer(url, init),
  );
  const { user, auth } = renderPage({ withOtherLists: true });
  await screen.findAllByRole("article", { name: "Watercolor Basics" });
  await waitFor(() => expect(requests(fetch, "GET")).toContain(`/api${myPayments}`));
  const askedOnce = [
    "/api/classes",
    `/api${myPayments}`,
    `/api/eligibility?classIds=${watercolor._id}`,
    "/api/credit",
  ];
  for (const url of askedOnce) {
    await waitFor(() =>
      expect(requests(fetch, "GET").filter((asked) => asked === url)).toHaveLength(1),
    );
  }

  await user.click(cancelButtonOf("Leo Lopez"));
  const dialog = within(screen.getByRole("dialog"));
  await dialog.findByText("$60.00");
  await user.click(dialog.getByRole("button", { name: "Cancel enrolment" }));

  // With no message from the server, the page still says it is done.
  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Watercolor Basics is cancelled."));
  expect(requests(fetch, "POST")).toEqual(["/api/enrolments/42/cancellation"]);
  for (const url of askedOnce) {
    await waitFor(() =>
      expect(requests(fetch, "GET").filter((asked) => asked === url)).toHaveLength(2),
    );
  }
});

test("an enrolment that can no longer be cancelled says why, and cannot be confirmed", async () => {
  stubApi(
    answers({
      "/enrolments/41/cancellation?refundTo=card": respond(409, {
        message: "This class has started: it can no longer be cancelled.",
      }),
    }),
  );
  const { user } = renderPage();
  await screen.findAllByRole("article", { name: "Watercolor Basics" });

  await user.click(cancelButtonOf("Mia Lopez"));

  const dialog = within(screen.getByRole("dialog"));
  expect(await dialog.findByRole("alert")).toHaveTextContent(
    "This class has started: it can no longer be cancelled.",
  );
  expect(dialog.getByRole("button", { name: "Cancel enrolment" })).toBeDisabled();
});

test("a cancellation the server refuses keeps the dialog open with its reason", async () => {
  const fetch = stubApi(answers());
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) =>
    init.method === "POST"
      ? answerFor(url, init, 409, { message: "This enrolment has already been cancelled." })
      : answer(url, init),
  );
  const { user, auth } = renderPage();
  await screen.findAllByRole("article", { name: "Watercolor Basics" });

  await user.click(cancelButtonOf("Mia Lopez"));
  const dialog = within(screen.getByRole("dialog"));
  await dialog.findByText("$60.00");
  await user.click(dialog.getByRole("button", { name: "Cancel enrolment" }));

  expect(await dialog.findByRole("alert")).toHaveTextContent(
    "This enrolment has already been cancelled.",
  );
  expect(auth.notify).not.toHaveBeenCalled();
});

describe("where the refund goes", () => {
  const withBonus = { ...preview, creditAmount: 64.8, creditBonusPercent: 8 };
  const asCredit = { ...withBonus, refundTo: "credit" };
  const credited = {
    ...cancelled,
    refundStatus: "credited",
    refundTo: "credit",
    creditAmount: 64.8,
    message: "Your enrolment is cancelled and $64.80 is added to your account credit.",
  };

  // The line of the refund's amounts named `term`, as "name: amount".
  function line(dialog, term) {
    const name = dialog.getByText(term, { selector: "dt" });
    return name.nextElementSibling;
  }

  // The cancel dialog of Mia's seat, opened on a preview with `changes`, once its refund shows.
  async function dialogWith(changes, refund) {
    stubApi(answers({ "/enrolments/41/cancellation?refundTo=card": { ...preview, ...changes } }));
    const { user } = renderPage();
    await screen.findAllByRole("article", { name: "Watercolor Basics" });
    await user.click(cancelButtonOf("Mia Lopez"));
    const dialog = within(screen.getByRole("dialog"));
    await dialog.findByText(refund);
    return dialog;
  }

  test("a discount another class loses is shown withheld from the refund, with why", async () => {
    const dialog = await dialogWith(
      { refundAmount: 49.2, withheldDiscount: 10.8, creditAmount: 49.2 },
      "$49.20",
    );

    expect(line(dialog, "Discount withheld")).toHaveTextContent(
      "−$10.80A discount another of your classes had no longer applies; it is kept from this refund.",
    );
    expect(line(dialog, "Paid")).toHaveTextContent("$120.00");
    expect(line(dialog, "Refund")).toHaveTextContent("$49.20");
    await expectNoSeriousA11yViolations();
  });

  test("without a withheld discount or credit spent there are no such lines", async () => {
    const dialog = await dialogWith({}, "$60.00");

    expect(dialog.queryByText("Discount withheld")).not.toBeInTheDocument();
    expect(dialog.queryByText(/kept from this refund/)).not.toBeInTheDocument();
    expect(dialog.queryByText("Credit returned")).not.toBeInTheDocument();
  });

  test("account credit spent on the seat is shown going back to the credit", async () => {
    const dialog = await dialogWith({ paid: 90, refundAmount: 45, creditReturned: 15 }, "$45.00");

    expect(line(dialog, "Credit returned")).toHaveTextContent(
      "$15.00Account credit you spent on this class goes back to your credit.",
    );
  });

  test("choosing account credit asks the refund again for credit, and cancelling sends that choice", async () => {
    const fetch = stubApi(
      answers({
        "/enrolments/41/cancellation?refundTo=card": withBonus,
        "/enrolments/41/cancellation?refundTo=credit": asCredit,
        "POST /enrolments/41/cancellation": credited,
      }),
    );
    // The credit's refund is held back until the test lets it through.
    const answer = fetch.getMockImplementation();
    let release;
    const held = new Promise((resolve) => (release = resolve));
    fetch.mockImplementation(async (url, init) => {
      if (String(url).endsWith("?refundTo=credit")) await held;
      return answer(url, init);
    });
    const { user, auth } = renderPage({ withOtherLists: true });
    await screen.findAllByRole("article", { name: "Watercolor Basics" });
    await waitFor(() => expect(requests(fetch, "GET")).toContain("/api/credit"));

    await user.click(cancelButtonOf("Mia Lopez"));
    const dialog = within(screen.getByRole("dialog"));
    await dialog.findByText("$60.00");
    const choice = within(dialog.getByRole("group", { name: "Where should the refund go?" }));
    expect(choice.getByRole("radio", { name: "Refund to my card" })).toBeChecked();
    const toCredit = choice.getByRole("radio", { name: /^Add to my account credit/ });
    expect(toCredit).toHaveAccessibleName("Add to my account credit $64.80 (+8% bonus)");
    expect(toCredit).not.toBeChecked();
    await expectNoSeriousA11yViolations();

    await user.click(toCredit);

    expect(toCredit).toBeChecked();
    await waitFor(() =>
      expect(requests(fetch, "GET")).toContain("/api/enrolments/41/cancellation?refundTo=credit"),
    );
    // Until the server has answered for credit, the refund shown stays and cannot be confirmed.
    expect(dialog.getByText("$60.00")).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Cancel enrolment" })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(dialog.getByRole("button", { name: "Cancel enrolment" })).toBeEnabled(),
    );
    await user.click(dialog.getByRole("button", { name: "Cancel enrolment" }));

    await waitFor(() => expect(auth.notify).toHaveBeenCalledWith(credited.message));
    expect(cancellationBodies(fetch)).toEqual([{ refundTo: "credit", refundAmount: "60.00" }]);
    // The new credit shows wherever the family's credit is shown.
    await waitFor(() =>
      expect(requests(fetch, "GET").filter((url) => url === "/api/credit")).toHaveLength(2),
    );
  });

  test("without a bonus, account credit is offered without one", async () => {
    stubApi(answers());
    const { user } = renderPage();
    await screen.findAllByRole("article", { name: "Watercolor Basics" });

    await user.click(cancelButtonOf("Mia Lopez"));

    const dialog = within(screen.getByRole("dialog"));
    await dialog.findByText("$60.00");
    expect(dialog.getByRole("radio", { name: /account credit/ })).toHaveAccessibleName(
      "Add to my account credit",
    );
    expect(dialog.queryByText(/bonus/)).not.toBeInTheDocument();
  });

  test("with nothing to refund there is nowhere to send it", async () => {
    stubApi(
      answers({
        "/enrolments/41/cancellation?refundTo=card": {
          ...preview,
          refundAmount: 0,
          tier: "none",
          tierLabel: "Nothing back: fewer than 7 days before the first meeting",
          creditAmount: 0,
        },
      }),
    );
    const { user } = renderPage();
    await screen.findAllByRole("article", { name: "Watercolor Basics" });

    await user.click(cancelButtonOf("Mia Lopez"));

    const dialog = within(screen.getByRole("dialog"));
    await dialog.findByText("$0.00");
    expect(dialog.queryByRole("group")).not.toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Cancel enrolment" })).toBeEnabled();
  });

  test("a refund changed since it was shown is asked again and shown, and nothing is cancelled", async () => {
    const answersNow = answers();
    const fetch = stubApi(answersNow);
    const answer = fetch.getMockImplementation();
    fetch.mockImplementation((url, init) => {
      if (init.method !== "POST") return answer(url, init);
      // Meanwhile the first meeting came closer: the server now gives back less.
      answersNow["/enrolments/41/cancellation?refundTo=card"] = {
        ...preview,
        refundAmount: 0,
        tier: "none",
        creditAmount: 0,
      };
      return answerFor(url, init, 409, {
        message: "The refund is no longer $60.00: it is now $0.00. Nothing was cancelled.",
        refundAmount: 0,
      });
    });
    const { user, auth } = renderPage();
    await screen.findAllByRole("article", { name: "Watercolor Basics" });

    await user.click(cancelButtonOf("Mia Lopez"));
    const dialog = within(screen.getByRole("dialog"));
    await dialog.findByText("$60.00");
    await user.click(dialog.getByRole("button", { name: "Cancel enrolment" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "The refund is no longer $60.00: it is now $0.00. Nothing was cancelled.",
    );
    expect(await dialog.findByText("$0.00")).toBeInTheDocument();
    expect(auth.notify).not.toHaveBeenCalled();
  });
});
