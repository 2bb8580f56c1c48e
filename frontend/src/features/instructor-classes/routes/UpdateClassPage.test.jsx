import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { UpdateClassPage } from "./UpdateClassPage";

const clay = makeClass({
  _id: 7,
  nameClass: "Clay Creatures",
  seats: 12,
  price: 45.5,
  image: "https://cdn.camp.test/classes/clay.png",
  instructorName: "Sam Instructor",
  instructorEmail: "instructor@camp.test",
  status: "Pending",
  feedback: "",
});
const ink = makeClass({
  _id: 8,
  nameClass: "Ink Landscapes",
  seats: 5,
  price: 80,
  image: "https://cdn.camp.test/classes/ink.png",
  instructorName: "Sam Instructor",
  instructorEmail: "instructor@camp.test",
  feedback: "",
});

function renderPage(route = "/dashboard/update-class/7") {
  const auth = signedIn("instructor");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/update-class/:id", element: <UpdateClassPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route, auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

function field(label) {
  return screen.getByLabelText(label);
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

function expectFormOf(classItem) {
  expect(field("Class Name")).toHaveValue(classItem.nameClass);
  expect(field("Available Seats")).toHaveValue(classItem.seats);
  expect(field("Price")).toHaveValue(classItem.price);
  expect(field("Image URL")).toHaveValue(classItem.image);
}

test("the form starts from the class named in the address", async () => {
  const fetch = stubApi({ "/myClass/7": clay, "/myClass/8": ink });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading the class…");
  expect(screen.queryByLabelText("Class Name")).not.toBeInTheDocument();
  await screen.findByLabelText("Class Name");

  expect(document.title).toBe("Update Class | Camp");
  expectFormOf(clay);
  expect(requests(fetch)).toEqual(["GET /api/myClass/7"]);
});

test("moving to another class waits for it, then starts a fresh form from it", async () => {
  const stub = stubApi({ "/myClass/7": clay, "/myClass/8": ink });
  let releaseInk;
  const inkArrives = new Promise((resolve) => {
    releaseInk = resolve;
  });
  global.fetch = jest.fn(async (url, init) => {
    if (url.endsWith("/myClass/8")) await inkArrives;
    return stub(url, init);
  });
  const { router, user } = renderPage();
  await screen.findByLabelText("Class Name");
  // An edit left unsaved on the first class must not follow to the second.
  await user.clear(field("Class Name"));
  await user.type(field("Class Name"), "Unsaved edit");

  await act(() => router.navigate("/dashboard/update-class/8"));

  expect(screen.queryByLabelText("Class Name")).not.toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("Loading the class…");
  await act(async () => releaseInk());
  await screen.findByLabelText("Class Name");
  expectFormOf(ink);
});

test.each([
  ["Class Name", "Class Name - is required"],
  ["Available Seats", "Available Seats - is required"],
  ["Price", "Price - is required"],
  ["Image URL", "Image URL - is required"],
])("emptying %s says: %s", async (label, message) => {
  const fetch = stubApi({ "/myClass/7": clay });
  const { user } = renderPage();
  await screen.findByLabelText(label);

  await user.clear(field(label));
  await user.click(screen.getByRole("button", { name: "Update Class" }));

  await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
  expect(requests(fetch)).not.toContain("PUT /api/classes/7");
});

test("a class name longer than 40 characters is refused", async () => {
  stubApi({ "/myClass/7": clay });
  const { user } = renderPage();
  await screen.findByLabelText("Class Name");

  await user.type(field("Class Name"), " and Other Very Small Animals");
  await user.tab();

  expect(field("Class Name")).toHaveAccessibleDescription(
    "Class Name must be at most 40 characters",
  );
});

test("an image address that is not a URL is refused", async () => {
  stubApi({ "/myClass/7": clay });
  const { user } = renderPage();
  await screen.findByLabelText("Image URL");

  await user.clear(field("Image URL"));
  await user.type(field("Image URL"), "clay picture");
  await user.tab();

  expect(field("Image URL")).toHaveAccessibleDescription(
    "Enter a valid image URL, starting with https:// or /",
  );
});

test("saving sends the changes, says so and refreshes the class", async () => {
  const answers = { "/myClass/7": clay, "/classes/7": { modifiedCount: 1 } };
  const fetch = stubApi(answers);
  const { user, auth } = renderPage();
  await screen.findByLabelText("Class Name");
  answers["/myClass/7"] = { ...clay, nameClass: "Clay Critters", seats: 15, price: 50 };

  await user.clear(field("Class Name"));
  await user.type(field("Class Name"), "Clay Critters");
  await user.clear(field("Available Seats"));
  await user.type(field("Available Seats"), "15");
  await user.clear(field("Price"));
  await user.type(field("Price"), "50");
  await user.click(screen.getByRole("button", { name: "Update Class" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Good job! Your Class is Updated Successfully."),
  );
  const [url, init] = fetch.mock.calls.find(([, options]) => options.method === "PUT");
  expect(url).toBe("/api/classes/7");
  expect(JSON.parse(init.body)).toEqual({
    nameClass: "Clay Critters",
    seats: 15,
    price: 50,
    image: "https://cdn.camp.test/classes/clay.png",
  });
  expect(requests(fetch)).toEqual([
    "GET /api/myClass/7",
    "PUT /api/classes/7",
    "GET /api/myClass/7",
  ]);
  expect(field("Class Name")).toHaveValue("Clay Critters");
});

test("the server's field errors are shown beside their fields", async () => {
  stubApi({
    "/myClass/7": clay,
    "/classes/7": respond(400, {
      message: "Invalid input.",
      errors: { seats: ["Seats cannot go below the 3 students already enrolled."] },
    }),
  });
  const { user, auth } = renderPage();
  await screen.findByLabelText("Available Seats");

  await user.clear(field("Available Seats"));
  await user.type(field("Available Seats"), "1");
  await user.click(screen.getByRole("button", { name: "Update Class" }));

  await waitFor(() =>
    expect(field("Available Seats")).toHaveAccessibleDescription(
      "Seats cannot go below the 3 students already enrolled.",
    ),
  );
  expect(auth.notify).not.toHaveBeenCalled();
});

test("a class that cannot be loaded says so instead of showing a form", async () => {
  stubApi({ "/myClass/7": respond(404, { message: "No such class." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("No such class.");
  expect(screen.queryByLabelText("Class Name")).not.toBeInTheDocument();
});

test("the loaded form has no serious accessibility violations", async () => {
  stubApi({ "/myClass/7": clay });
  renderPage();
  await screen.findByLabelText("Class Name");

  await expectNoSeriousA11yViolations();
});
