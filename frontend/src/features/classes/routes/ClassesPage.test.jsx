import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const approved = makeClass({ nameClass: "Watercolor Basics", status: "Approved" });
const soldOut = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 0 });
const pending = makeClass({ nameClass: "Secret Sculpture", status: "Pending" });
const denied = makeClass({ nameClass: "Rejected Origami", status: "Denied" });

function renderPage() {
  return renderWithProviders(<ClassesPage />, { route: "/all-classes" });
}

test("the page lists only approved classes from the server", async () => {
  const fetch = stubApi({ "/classes": [approved, pending, soldOut, denied] });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading classes…");
  const list = await screen.findByRole("list");
  const names = within(list)
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);
  expect(names).toEqual(["Watercolor Basics", "Pottery Wheel"]);
  expect(fetch).toHaveBeenCalledWith("/api/classes", expect.anything());
  expect(document.title).toBe("All Classes | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "All Classes" })).toBeInTheDocument();
});

test("the page says so when no class is approved yet", async () => {
  stubApi({ "/classes": [pending] });
  renderPage();

  expect(await screen.findByText("No classes are open yet.")).toBeInTheDocument();
});

test("a failed request shows an alert", async () => {
  stubApi({ "/classes": respond(500, { message: "Server error." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The classes could not be loaded.");
  expect(alert).toHaveTextContent("Server error.");
});

test("the loaded page has no serious accessibility violations", async () => {
  stubApi({ "/classes": [approved, soldOut] });
  renderPage();
  await screen.findByRole("list");

  await expectNoSeriousA11yViolations();
});

describe("selecting a class", () => {
  const watercolor = makeClass({ nameClass: "Watercolor Basics", status: "Approved", seats: 4 });
  const pottery = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 6 });
  const weaving = makeClass({ nameClass: "Basket Weaving", status: "Approved", seats: 0 });
  const mySelections = "/selectClass?email=student%40camp.test";
  const myEnrolments = "/enrolledStudent/student%40camp.test";

  afterEach(() => window.localStorage.clear());

  function selectionOf(classItem, id) {
    return {
      _id: id,
      classId: classItem._id,
      nameClass: classItem.nameClass,
      image: classItem.image,
      instructorEmail: classItem.instructorEmail,
      instructorName: classItem.instructorName,
      email: "student@camp.test",
      price: classItem.price,
      seats: classItem.seats,
      enroll: classItem.enroll,
      status: "Selected",
    };
  }

  function renderAs(auth) {
    const rendered = renderWithProviders(<ClassesPage />, { route: "/all-classes", auth });
    return { ...rendered, user: userEvent.setup() };
  }

  function selectButton(name) {
    return within(screen.getByRole("article", { name })).getByRole("button", { name: "Select" });
  }

  function requests(fetch) {
    return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  }

  test("a student cannot select a class already selected, enrolled in or without seats", async () => {
    const other = makeClass({ nameClass: "Clay Modelling", status: "Approved" });
    stubApi({
      "/classes": [watercolor, pottery, weaving, other],
      [mySelections]: [selectionOf(watercolor, 50)],
      [myEnrolments]: [pottery],
    });
    renderAs(signedIn("student"));

    await waitFor(() => expect(selectButton("Clay Modelling")).toBeEnabled());
    expect(selectButton("Watercolor Basics")).toBeDisabled();
    expect(selectButton("Pottery Wheel")).toBeDisabled();
    expect(selectButton("Basket Weaving")).toBeDisabled();
  });

  test("enrolled classes that cannot be listed count as none", async () => {
    stubApi({
      "/classes": [watercolor],
      [mySelections]: [],
      [myEnrolments]: respond(404, { message: "Not found." }),
    });
    renderAs(signedIn("student"));

    await waitFor(() => expect(selectButton("Watercolor Basics")).toBeEnabled());
  });

  test.each(["admin", "instructor"])(
    "a signed-in %s cannot select, and no selections are asked for",
    async (role) => {
      const fetch = stubApi({ "/classes": [watercolor] });
      renderAs(signedIn(role));

      expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
      expect(selectButton("Watercolor Basics")).toBeDisabled();
      expect(requests(fetch)).toEqual(["GET /api/classes"]);
    },
  );

  test("a visitor's Select opens the login warning", async () => {
    stubApi({ "/classes": [watercolor] });
    const { user } = renderAs(visitor);

    await user.click(await screen.findByRole("button", { name: "Select" }));

    expect(
      screen.getByRole("dialog", { name: "Please Login at First to Select this Class" }),
    ).toBeInTheDocument();
  });

  test("a student's select is sent, announced, and turns the button off", async () => {
    const answers = {
      "/classes": [watercolor, pottery],
      [mySelections]: [],
      [myEnrolments]: [],
      "/selectClass": respond(201, { insertedId: 77 }),
    };
    const fetch = stubApi(answers);
    window.localStorage.setItem("access-token", "student-token");
    const auth = signedIn("student");
    const { user } = renderAs(auth);
    await waitFor(() => expect(selectButton("Pottery Wheel")).toBeEnabled());
    // What the server lists once the selection is made.
    answers[mySelections] = [selectionOf(pottery, 77)];

    await user.click(selectButton("Pottery Wheel"));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Pottery Wheel is Selected Successfully"),
    );
    expect(selectButton("Pottery Wheel")).toBeDisabled();
    expect(selectButton("Watercolor Basics")).toBeEnabled();

    const [, post] = fetch.mock.calls.find(([, init]) => init.method === "POST");
    expect(post.headers.Authorization).toBe("Bearer student-token");
    expect(JSON.parse(post.body)).toEqual({
      classId: pottery._id,
      nameClass: "Pottery Wheel",
      image: pottery.image,
      instructorEmail: "ada@camp.test",
      email: "student@camp.test",
      instructorName: "Ada Brush",
      price: 45.5,
      seats: 6,
      enroll: 3,
      status: "Selected",
    });
    // The selections list is asked for again after the select.
    const calls = requests(fetch);
    expect(calls.lastIndexOf(`GET /api${mySelections}`)).toBeGreaterThan(
      calls.indexOf("POST /api/selectClass"),
    );
  });

  test("a refused select shows the server's reason and leaves the button on", async () => {
    stubApi({
      "/classes": [watercolor],
      [mySelections]: [],
      [myEnrolments]: [],
      "/selectClass": respond(409, { message: "No seats are left in this class." }),
    });
    const auth = signedIn("student");
    const { user } = renderAs(auth);
    await waitFor(() => expect(selectButton("Watercolor Basics")).toBeEnabled());

    await user.click(selectButton("Watercolor Basics"));

    expect(await screen.findByRole("alert")).toHaveTextContent("No seats are left in this class.");
    expect(auth.notify).not.toHaveBeenCalled();
    expect(selectButton("Watercolor Basics")).toBeEnabled();
  });
});
