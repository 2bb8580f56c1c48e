import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSWRConfig } from "swr";

import { revalidateClassLists } from "../../../api/classes";
import { answerFor, listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { daysAhead, makeChance, makeClass, makeMeetings, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const approved = makeClass({ nameClass: "Watercolor Basics", status: "Approved" });
const soldOut = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 0 });

// The page's requests for the approved classes, page by page (24 a page).
function pageOf(number) {
  return `/classes?status=Approved&ordering=soonest&page=${number}&page_size=24`;
}
const firstPage = pageOf(1);

function renderPage() {
  return renderWithProviders(<ClassesPage />, { route: "/all-classes" });
}

function cardNames() {
  return within(screen.getByRole("list"))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);
}

// The page's requests for classes (it also asks for the categories, for the filter).
function requestedUrls(fetch) {
  return fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/classes"));
}

test("the page asks the server for the first page of approved classes", async () => {
  const fetch = stubApi({ [firstPage]: listPage([approved, soldOut], 2) });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading classes…");
  // Grey cards of the classes' shape keep the grid's room meanwhile (two rows of three), so
  // the footer is not pushed down when the list arrives; they are only to look at.
  const placeholder = document.querySelector(".placeholder-glow");
  expect(placeholder).toHaveAttribute("aria-hidden", "true");
  expect(placeholder.querySelectorAll(".card")).toHaveLength(6);
  expect(placeholder.querySelector(".card-img-top").style.aspectRatio).toBe("400 / 300");
  await screen.findByRole("list");
  expect(document.querySelector(".placeholder-glow")).not.toBeInTheDocument();
  expect(cardNames()).toEqual(["Watercolor Basics", "Pottery Wheel"]);
  expect(requestedUrls(fetch)).toEqual([`/api${firstPage}`]);
  expect(screen.getByText("Showing 2 of 2 classes")).toBeInTheDocument();
  // Everything is shown: nothing more to load.
  expect(screen.queryByRole("button", { name: /more classes/ })).not.toBeInTheDocument();
  expect(document.title).toBe("All Classes | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "All Classes" })).toBeInTheDocument();
});

test("the page says so when no class is approved yet", async () => {
  stubApi({ [firstPage]: listPage([], 0) });
  renderPage();

  expect(await screen.findByText("No classes are open yet.")).toBeInTheDocument();
});

test("a failed request shows an alert", async () => {
  stubApi({ [firstPage]: respond(500, { message: "Server error." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The classes could not be loaded.");
  expect(alert).toHaveTextContent("Server error.");
});

test("the loaded page has no serious accessibility violations", async () => {
  stubApi({ [firstPage]: listPage([approved, soldOut], 2) });
  renderPage();
  await screen.findByRole("list");

  await expectNoSeriousA11yViolations();
});

describe("loading in steps", () => {
  const first24 = Array.from({ length: 24 }, (_, index) =>
    makeClass({ nameClass: `Early Class ${index + 1}` }),
  );
  const last6 = Array.from({ length: 6 }, (_, index) =>
    makeClass({ nameClass: `Late Class ${index + 1}` }),
  );

  test("Load more classes fetches the next page and adds it under the first", async () => {
    const user = userEvent.setup();
    const fetch = stubApi({
      [pageOf(1)]: listPage(first24, 30),
      [pageOf(2)]: listPage(last6, 30),
    });
    renderPage();

    const loadMore = await screen.findByRole("button", { name: "Load more classes" });
    // The cards past the first row come in the frames after it (progressive rendering).
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(24));
    expect(screen.getByText("Showing 24 of 30 classes")).toBeInTheDocument();
    expect(requestedUrls(fetch)).toEqual([`/api${pageOf(1)}`]);

    await user.click(loadMore);

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(cardNames().slice(22, 26)).toEqual([
      "Early Class 23",
      "Early Class 24",
      "Late Class 1",
      "Late Class 2",
    ]);
    // Only the first row of the page loads its pictures at once; what comes later is lazy.
    expect(screen.getByRole("img", { name: "Late Class 1" })).toHaveAttribute("loading", "lazy");
    expect(screen.getByText("Showing 30 of 30 classes")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /more classes/ })).not.toBeInTheDocument();
    // The first page is not asked for again.
    expect(requestedUrls(fetch)).toEqual([`/api${pageOf(1)}`, `/api${pageOf(2)}`]);
  });

  test("while the next page is on its way the control says so and ignores presses", async () => {
    const user = userEvent.setup();
    const fetch = stubApi({ [pageOf(1)]: listPage(first24, 30) });
    let arrive;
    const original = fetch.getMockImplementation();
    fetch.mockImplementation(async (url, init) => {
      if (!url.endsWith(pageOf(2))) return original(url, init);
      await new Promise((resolve) => {
        arrive = resolve;
      });
      return answerFor(url, init, 200, [], { "X-Total-Count": "30" });
    });
    renderPage();

    await user.click(await screen.findByRole("button", { name: "Load more classes" }));
    const waiting = await screen.findByRole("button", { name: "Loading more classes…" });
    expect(waiting).toHaveAttribute("aria-disabled", "true");
    await user.click(waiting);

    expect(requestedUrls(fetch).filter((url) => url.endsWith(pageOf(2)))).toHaveLength(1);
    await act(async () => arrive());
  });

  test("a next page that fails keeps the classes shown and can be asked for again", async () => {
    const user = userEvent.setup();
    const answers = {
      [pageOf(1)]: listPage(first24, 30),
      [pageOf(2)]: respond(503, { message: "Try again soon." }),
    };
    stubApi(answers);
    renderPage();

    await user.click(await screen.findByRole("button", { name: "Load more classes" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("More classes could not be loaded.");
    expect(alert).toHaveTextContent("Try again soon.");
    expect(screen.getAllByRole("article")).toHaveLength(24);

    answers[pageOf(2)] = listPage(last6, 30);
    await user.click(screen.getByRole("button", { name: "Load more classes" }));

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  test("a class that moved to the next page between two loads is shown once", async () => {
    const user = userEvent.setup();
    stubApi({
      [pageOf(1)]: listPage(first24, 31),
      // A class approved meanwhile pushed the last of page 1 onto page 2.
      [pageOf(2)]: listPage([first24[23], ...last6], 31),
    });
    renderPage();

    await user.click(await screen.findByRole("button", { name: "Load more classes" }));

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(cardNames().filter((name) => name === "Early Class 24")).toHaveLength(1);
  });

  test("without a total from the server, a full page offers more and a short one does not", async () => {
    const user = userEvent.setup();
    stubApi({ [pageOf(1)]: first24, [pageOf(2)]: last6 });
    renderPage();

    await user.click(await screen.findByRole("button", { name: "Load more classes" }));

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(screen.getByText("Showing 30 classes")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /more classes/ })).not.toBeInTheDocument();
  });

  test("after a class changes elsewhere, every page shown is asked for again", async () => {
    const user = userEvent.setup();
    const answers = {
      [pageOf(1)]: listPage(first24, 30),
      [pageOf(2)]: listPage(last6, 30),
    };
    const fetch = stubApi(answers);
    let mutate;
    function Revalidator() {
      ({ mutate } = useSWRConfig());
      return null;
    }
    renderWithProviders(
      <>
        <ClassesPage />
        <Revalidator />
      </>,
      { route: "/all-classes" },
    );
    await user.click(await screen.findByRole("button", { name: "Load more classes" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    const newlyApproved = makeClass({ nameClass: "Newly Approved" });
    answers[pageOf(2)] = listPage([...last6, newlyApproved], 31);
    fetch.mockClear();

    await act(() => revalidateClassLists(mutate));

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(31));
    expect(requestedUrls(fetch)).toEqual([`/api${pageOf(1)}`, `/api${pageOf(2)}`]);
  });
});

describe("selecting a class", () => {
  const watercolor = makeClass({ nameClass: "Watercolor Basics", status: "Approved", seats: 4 });
  const pottery = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 6 });
  const both = `/eligibility?classIds=${watercolor._id},${pottery._id}`;

  afterEach(() => window.localStorage.clear());

  function renderAs(auth) {
    const rendered = renderWithProviders(<ClassesPage />, { route: "/all-classes", auth });
    return { ...rendered, user: userEvent.setup() };
  }

  // The card's one button, whatever it says.
  function selectButton(name) {
    return within(screen.getByRole("article", { name })).getByRole("button");
  }

  function requests(fetch) {
    return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  }

  // The server's answer for the student alone: each class's refusal, or none.
  function answerOf(refusals) {
    return {
      classes: Object.fromEntries(
        Object.entries(refusals).map(([id, refusal]) => [id, [makeChance(myself, refusal)]]),
      ),
    };
  }

  test("a student's buttons say what the server answers for each class", async () => {
    const clay = makeClass({ nameClass: "Clay Modelling", status: "Approved" });
    stubApi({
      [firstPage]: [watercolor, pottery, clay],
      "/participants": [myself],
      [`/eligibility?classIds=${watercolor._id},${pottery._id},${clay._id}`]: answerOf({
        [watercolor._id]: { kind: "selected", reason: "You have already selected this class." },
        [pottery._id]: { kind: "enrolled", reason: "You are already enrolled in this class." },
        [clay._id]: null,
      }),
    });
    renderAs(signedIn("student"));

    await waitFor(() => expect(selectButton("Watercolor Basics")).toHaveAccessibleName("Selected"));
    expect(selectButton("Watercolor Basics")).toHaveAttribute("aria-disabled", "true");
    expect(selectButton("Watercolor Basics")).toHaveAccessibleDescription(
      "Watercolor Basics You have already selected this class.",
    );
    expect(selectButton("Pottery Wheel")).toHaveAttribute("aria-disabled", "true");
    expect(selectButton("Pottery Wheel")).toHaveAccessibleName("Enrolled");
    expect(selectButton("Pottery Wheel")).toHaveAccessibleDescription(
      "Pottery Wheel You are already enrolled in this class.",
    );
    expect(selectButton("Clay Modelling")).toHaveAccessibleName("Select");
    expect(selectButton("Clay Modelling")).not.toHaveAttribute("aria-disabled");
  });

  test("Select waits for the server's answer", async () => {
    stubApi({ [firstPage]: [watercolor], "/participants": [myself] });
    const fetch = global.fetch;
    let answer;
    const original = fetch.getMockImplementation();
    fetch.mockImplementation(async (url, init) => {
      if (!url.includes("/eligibility")) return original(url, init);
      await new Promise((resolve) => {
        answer = resolve;
      });
      return answerFor(url, init, 200, answerOf({ [watercolor._id]: null }));
    });
    renderAs(signedIn("student"));

    await waitFor(() => expect(answer).toBeDefined());
    expect(selectButton("Watercolor Basics")).toHaveAttribute("aria-disabled", "true");
    await act(async () => answer());

    await waitFor(() =>
      expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled"),
    );
  });

  test("an answer that cannot be had leaves Select on: the server answers the press", async () => {
    stubApi({
      [firstPage]: [watercolor],
      "/participants": [myself],
      [`/eligibility?classIds=${watercolor._id}`]: respond(503, { message: "Busy." }),
    });
    renderAs(signedIn("student"));

    await waitFor(() =>
      expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled"),
    );
  });

  test.each(["admin", "instructor"])(
    "a signed-in %s cannot select, and nothing of a family is asked for",
    async (role) => {
      const fetch = stubApi({ [firstPage]: [watercolor] });
      renderAs(signedIn(role));

      expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
      expect(selectButton("Watercolor Basics")).toHaveAttribute("aria-disabled", "true");
      expect(requests(fetch).sort()).toEqual(["GET /api/categories", `GET /api${firstPage}`]);
    },
  );

  test("a visitor's Select opens the login warning", async () => {
    stubApi({ [firstPage]: [watercolor] });
    const { user } = renderAs(visitor);

    await user.click(await screen.findByRole("button", { name: "Select" }));

    expect(
      await screen.findByRole("dialog", { name: "Please Login at First to Select this Class" }),
    ).toBeInTheDocument();
  });

  test("a student's select is sent, announced, and the button then says the server's answer", async () => {
    const answers = {
      [firstPage]: [watercolor, pottery],
      "/participants": [myself],
      [both]: answerOf({ [watercolor._id]: null, [pottery._id]: null }),
      "/selectClass": respond(201, { insertedId: 77 }),
    };
    const fetch = stubApi(answers);
    window.localStorage.setItem("access-token", "student-token");
    const auth = signedIn("student");
    const { user } = renderAs(auth);
    await waitFor(() => expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled"));
    // What the server answers once the selection is made.
    answers[both] = answerOf({
      [watercolor._id]: null,
      [pottery._id]: { kind: "selected", reason: "You have already selected this class." },
    });

    await user.click(selectButton("Pottery Wheel"));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Pottery Wheel is Selected Successfully"),
    );
    expect(selectButton("Pottery Wheel")).toHaveAttribute("aria-disabled", "true");
    expect(selectButton("Pottery Wheel")).toHaveAccessibleName("Selected");
    expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled");

    const [, post] = fetch.mock.calls.find(([, init]) => init.method === "POST");
    expect(post.headers.Authorization).toBe("Bearer student-token");
    // Only what the server reads: it takes the rest from its own data.
    expect(JSON.parse(post.body)).toEqual({ classId: pottery._id });
    // Who can take which class is asked for again after the select.
    const calls = requests(fetch);
    expect(calls.lastIndexOf(`GET /api${both}`)).toBeGreaterThan(
      calls.indexOf("POST /api/selectClass"),
    );
  });

  test("a refused select shows the server's reason and leaves the button on", async () => {
    stubApi({
      [firstPage]: [watercolor],
      "/participants": [myself],
      "/selectClass": respond(409, { message: "No seats are left in this class." }),
    });
    const auth = signedIn("student");
    const { user } = renderAs(auth);
    await waitFor(() =>
      expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled"),
    );

    await user.click(selectButton("Watercolor Basics"));

    expect(await screen.findByRole("alert")).toHaveTextContent("No seats are left in this class.");
    expect(auth.notify).not.toHaveBeenCalled();
    expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled");
  });

  test("after Select by keyboard, focus is on the class's notice, which leads to the list", async () => {
    stubApi({
      [firstPage]: [watercolor, pottery],
      "/participants": [myself],
      [both]: answerOf({ [watercolor._id]: null, [pottery._id]: null }),
      "/selectClass": respond(201, { insertedId: 77 }),
    });
    const { user } = renderAs(signedIn("student"));
    await waitFor(() => expect(selectButton("Pottery Wheel")).not.toHaveAttribute("aria-disabled"));
    selectButton("Pottery Wheel").focus();

    await user.keyboard("{Enter}");

    const card = screen.getByRole("article", { name: "Pottery Wheel" });
    const notice = await within(card).findByText(/^Selected\./);
    await waitFor(() => expect(notice).toHaveFocus());
    await user.tab();
    expect(within(card).getByRole("link", { name: "Go to My Selected Classes" })).toHaveFocus();
    expect(within(card).getByRole("link", { name: "Go to My Selected Classes" })).toHaveAttribute(
      "href",
      "/dashboard/my-selected-classes",
    );
  });

  test("after a refused Select, focus is on the reason", async () => {
    stubApi({
      [firstPage]: [watercolor],
      "/participants": [myself],
      "/selectClass": respond(409, { message: "No seats are left in this class." }),
    });
    const { user } = renderAs(signedIn("student"));
    await waitFor(() =>
      expect(selectButton("Watercolor Basics")).not.toHaveAttribute("aria-disabled"),
    );
    selectButton("Watercolor Basics").focus();

    await user.keyboard("{Enter}");

    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent("No seats are left in this class.");
  });

  test("a clash the server names shows on its card before any press, and after a Select", async () => {
    // A morning class a month ahead, and one that overlaps it.
    const day = daysAhead(30);
    const morning = makeClass({
      nameClass: "Morning Watercolor",
      meetings: makeMeetings([day], "09:00", "12:00"),
    });
    const lateMorning = makeClass({
      nameClass: "Late Morning Clay",
      meetings: makeMeetings([day], "11:00", "13:00"),
    });
    const bothMornings = `/eligibility?classIds=${morning._id},${lateMorning._id}`;
    const answers = {
      [firstPage]: [morning, lateMorning],
      "/participants": [myself],
      [bothMornings]: answerOf({ [morning._id]: null, [lateMorning._id]: null }),
      "/selectClass": respond(201, { insertedId: 80 }),
    };
    stubApi(answers);
    const auth = signedIn("student");
    const { user } = renderAs(auth);
    await waitFor(() =>
      expect(selectButton("Morning Watercolor")).not.toHaveAttribute("aria-disabled"),
    );
    // The meetings alone say nothing: only the server's answer names a clash.
    expect(selectButton("Late Morning Clay")).toHaveAccessibleName("Select");
    const clash = "This class meets at the same time as Morning Watercolor.";
    answers[bothMornings] = answerOf({
      [morning._id]: { kind: "selected", reason: "You have already selected this class." },
      [lateMorning._id]: { kind: "schedule-conflict", reason: clash },
    });

    await user.click(selectButton("Morning Watercolor"));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Morning Watercolor is Selected Successfully"),
    );
    const lateClay = selectButton("Late Morning Clay");
    expect(lateClay).toHaveAccessibleName("Time clash");
    expect(lateClay).toHaveAttribute("aria-disabled", "true");
    expect(lateClay).toHaveAccessibleDescription(`Late Morning Clay ${clash}`);
    expect(selectButton("Morning Watercolor")).toHaveAccessibleName("Selected");
  });
});
