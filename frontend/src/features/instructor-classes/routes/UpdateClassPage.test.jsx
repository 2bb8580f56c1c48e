import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { categories, makeClass } from "../../../testing/fixtures";
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

// What the page asked for and sent; the categories its select loads are not part of that.
function requests(fetch) {
  return fetch.mock.calls
    .map(([url, init]) => `${init.method} ${url}`)
    .filter((request) => request !== "GET /api/categories");
}

function sentBody(fetch) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === "PUT");
  return JSON.parse(init.body);
}

async function formLoaded() {
  await screen.findByLabelText("Class Name");
  await screen.findByRole("option", { name: "Pottery & ceramics" });
}

function expectFormOf(classItem) {
  expect(field("Class Name")).toHaveValue(classItem.nameClass);
  expect(field("Available Seats")).toHaveValue(classItem.seats);
  expect(field("Price")).toHaveValue(classItem.price);
  expect(screen.getByRole("img", { name: "Current class image" })).toHaveAttribute(
    "src",
    classItem.image,
  );
}

function picture(name = "clay.png", type = "image/png") {
  return new File(["picture bytes"], name, { type });
}

// The browser's own addresses for a chosen file; jsdom has none.
beforeEach(() => {
  let made = 0;
  URL.createObjectURL = jest.fn(() => `blob:camp/${(made += 1)}`);
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  delete URL.createObjectURL;
  delete URL.revokeObjectURL;
});

test("the form starts from the class named in the address", async () => {
  const fetch = stubApi({ "/categories": categories, "/myClass/7": clay, "/myClass/8": ink });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading the class…");
  expect(screen.queryByLabelText("Class Name")).not.toBeInTheDocument();
  await formLoaded();

  expect(document.title).toBe("Update Class | Camp");
  expectFormOf(clay);
  expect(requests(fetch)).toEqual(["GET /api/myClass/7"]);
});

test("moving to another class waits for it, then starts a fresh form from it", async () => {
  const stub = stubApi({ "/categories": categories, "/myClass/7": clay, "/myClass/8": ink });
  let releaseInk;
  const inkArrives = new Promise((resolve) => {
    releaseInk = resolve;
  });
  global.fetch = jest.fn(async (url, init) => {
    if (url.endsWith("/myClass/8")) await inkArrives;
    return stub(url, init);
  });
  const { router, user } = renderPage();
  await formLoaded();
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
])("emptying %s says: %s", async (label, message) => {
  const fetch = stubApi({ "/categories": categories, "/myClass/7": clay });
  const { user } = renderPage();
  await formLoaded();

  await user.clear(field(label));
  await user.click(screen.getByRole("button", { name: "Update Class" }));

  await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
  expect(requests(fetch)).not.toContain("PUT /api/classes/7");
});

test("a class name longer than 40 characters is refused", async () => {
  stubApi({ "/categories": categories, "/myClass/7": clay });
  const { user } = renderPage();
  await formLoaded();

  await user.type(field("Class Name"), " and Other Very Small Animals");
  await user.tab();

  expect(field("Class Name")).toHaveAccessibleDescription(
    "Class Name must be at most 40 characters",
  );
});

describe("the class's image", () => {
  const uploadedUrl = "https://cdn.camp.test/classes/clay-new.png";

  test("the current image shows, with a control to replace it and no address to type", async () => {
    stubApi({ "/categories": categories, "/myClass/7": clay });
    renderPage();
    await formLoaded();

    expect(screen.getByRole("img", { name: "Current class image" })).toHaveAttribute(
      "src",
      clay.image,
    );
    expect(field("Replace image")).toHaveAttribute("type", "file");
    expect(screen.queryByRole("textbox", { name: /image/i })).not.toBeInTheDocument();
  });

  test("a chosen file is previewed before saving, and can be let go", async () => {
    const fetch = stubApi({ "/categories": categories, "/myClass/7": clay });
    const { user } = renderPage();
    await formLoaded();

    await user.upload(field("Replace image"), picture("first.png"));
    expect(screen.getByRole("img", { name: "Preview of the new class image" })).toHaveAttribute(
      "src",
      "blob:camp/1",
    );
    expect(screen.getByText("New image (first.png), not saved yet")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Current class image" })).not.toBeInTheDocument();

    // Another choice lets the first preview's address go.
    await user.upload(field("Replace image"), picture("second.png"));
    expect(screen.getByRole("img", { name: "Preview of the new class image" })).toHaveAttribute(
      "src",
      "blob:camp/2",
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:camp/1");

    await user.click(screen.getByRole("button", { name: "Keep the current image" }));
    expect(screen.getByRole("img", { name: "Current class image" })).toHaveAttribute(
      "src",
      clay.image,
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:camp/2");
    expect(field("Replace image").files).toHaveLength(0);
    expect(requests(fetch).some((request) => request.startsWith("POST"))).toBe(false);
  });

  test("a file that is not a picture is refused before any upload", async () => {
    const fetch = stubApi({ "/categories": categories, "/myClass/7": clay });
    renderPage();
    await formLoaded();
    // The browser's own accept filter is off so that a wrong file reaches our validation.
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(field("Replace image"), picture("notes.txt", "text/plain"));
    await user.click(screen.getByRole("button", { name: "Update Class" }));

    await waitFor(() =>
      expect(field("Replace image")).toHaveAccessibleDescription(
        "A JPEG, PNG, WebP or GIF picture, at most 5 MB. Choose a JPEG, PNG, WebP or GIF image",
      ),
    );
    expect(requests(fetch)).toEqual(["GET /api/myClass/7"]);
  });

  test("a replacement is uploaded through our image endpoint, then saved as the class's image", async () => {
    const answers = {
      "/categories": categories,
      "/myClass/7": clay,
      "/images": { success: true, data: { display_url: uploadedUrl } },
      "/classes/7": { modifiedCount: 1 },
    };
    const fetch = stubApi(answers);
    const { user, auth } = renderPage();
    await formLoaded();
    answers["/myClass/7"] = { ...clay, image: uploadedUrl };

    await user.upload(field("Replace image"), picture("clay-new.png"));
    await user.click(screen.getByRole("button", { name: "Update Class" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Good job! Your Class is Updated Successfully."),
    );
    const [, upload] = fetch.mock.calls.find(([url]) => url === "/api/images");
    expect(upload.body.get("image").name).toBe("clay-new.png");
    expect(sentBody(fetch).image).toBe(uploadedUrl);
    expect(requests(fetch)).toEqual([
      "GET /api/myClass/7",
      "POST /api/images",
      "PUT /api/classes/7",
      "GET /api/myClass/7",
    ]);
    // Saved, the new image is the current one, and the preview's address is let go.
    expect(await screen.findByRole("img", { name: "Current class image" })).toHaveAttribute(
      "src",
      uploadedUrl,
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:camp/1");
  });

  test("a refused upload is shown beside the image field and nothing is saved", async () => {
    const fetch = stubApi({
      "/categories": categories,
      "/myClass/7": clay,
      "/images": respond(400, {
        success: false,
        error: "The image host is busy.",
        message: "The image host is busy.",
        errors: { image: ["The image host is busy."] },
      }),
    });
    const { user } = renderPage();
    await formLoaded();

    await user.upload(field("Replace image"), picture());
    await user.click(screen.getByRole("button", { name: "Update Class" }));

    await waitFor(() =>
      expect(field("Replace image")).toHaveAccessibleDescription(
        "A JPEG, PNG, WebP or GIF picture, at most 5 MB. The image host is busy.",
      ),
    );
    expect(requests(fetch)).not.toContain("PUT /api/classes/7");
  });

  test("with a new image chosen, the form has no serious accessibility violations", async () => {
    stubApi({ "/categories": categories, "/myClass/7": clay });
    const { user } = renderPage();
    await formLoaded();

    await user.upload(field("Replace image"), picture());

    await expectNoSeriousA11yViolations();
  });
});

test("saving sends the changes, says so and refreshes the class", async () => {
  const answers = {
    "/categories": categories,
    "/myClass/7": clay,
    "/classes/7": { modifiedCount: 1 },
  };
  const fetch = stubApi(answers);
  const { user, auth } = renderPage();
  await formLoaded();
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
  const [url] = fetch.mock.calls.find(([, options]) => options.method === "PUT");
  expect(url).toBe("/api/classes/7");
  expect(sentBody(fetch)).toEqual({
    nameClass: "Clay Critters",
    seats: 15,
    price: 50,
    image: "https://cdn.camp.test/classes/clay.png",
    description: "",
    category: null,
    level: null,
    location: "",
    whatToBring: "",
    ageMin: null,
    ageMax: null,
    startDate: null,
    endDate: null,
    meetingDays: [],
    startTime: null,
    endTime: null,
    noMeetingDates: [],
    registrationClosesAt: null,
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
    "/categories": categories,
    "/myClass/7": clay,
    "/classes/7": respond(400, {
      message: "Invalid input.",
      errors: { seats: ["Seats cannot go below the 3 students already enrolled."] },
    }),
  });
  const { user, auth } = renderPage();
  await formLoaded();

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
  stubApi({ "/categories": categories, "/myClass/7": clay });
  renderPage();
  await formLoaded();

  await expectNoSeriousA11yViolations();
});

describe("the catalog's fields", () => {
  const scheduled = makeClass({
    ...clay,
    description: "Pinch pots and coil bowls.\n\nEverything is glazed and fired.",
    category: "pottery-ceramics",
    categoryName: "Pottery & ceramics",
    level: "beginner",
    location: "Studio 2",
    ageMin: 8,
    ageMax: 12,
    startDate: "2027-06-14",
    endDate: "2027-06-25",
    meetingDays: ["mon", "wed", "fri"],
    startTime: "09:00",
    endTime: "11:30",
    noMeetingDates: ["2027-06-18"],
    meetings: [
      { start: "2027-06-14T09:00:00-07:00", end: "2027-06-14T11:30:00-07:00" },
      { start: "2027-06-25T09:00:00-07:00", end: "2027-06-25T11:30:00-07:00" },
    ],
    totalHours: 12.5,
    startsAt: "2027-06-14T09:00:00-07:00",
    registrationClosesAt: "2027-06-10T17:00:00-07:00",
  });

  function checkedDays() {
    return within(screen.getByRole("group", { name: "Meeting days" }))
      .getAllByRole("checkbox")
      .filter((box) => box.checked)
      .map((box) => box.value);
  }

  test("the form starts from every field of the class", async () => {
    stubApi({ "/categories": categories, "/myClass/7": scheduled });
    renderPage();
    await formLoaded();

    expect(field("Description")).toHaveValue(scheduled.description);
    expect(field("Category")).toHaveValue("pottery-ceramics");
    expect(field("Level")).toHaveValue("beginner");
    expect(field("Location")).toHaveValue("Studio 2");
    expect(field("Youngest age")).toHaveValue(8);
    expect(field("Oldest age")).toHaveValue(12);
    expect(field("Start date")).toHaveValue("2027-06-14");
    expect(field("End date")).toHaveValue("2027-06-25");
    expect(checkedDays()).toEqual(["mon", "wed", "fri"]);
    expect(field("Start time")).toHaveValue("09:00");
    expect(field("End time")).toHaveValue("11:30");
    expect(
      within(screen.getByRole("group", { name: "Dates with no meeting" })).getByRole("listitem"),
    ).toHaveTextContent("Fri, Jun 18, 2027");
    // In the school's time, as the server sent it.
    expect(field("Registration closes at")).toHaveValue("2027-06-10T17:00");
  });

  test("a class's own category shows while the school's list loads", async () => {
    let releaseCategories;
    const categoriesArrive = new Promise((resolve) => {
      releaseCategories = resolve;
    });
    const stub = stubApi({ "/categories": categories, "/myClass/7": scheduled });
    global.fetch = jest.fn(async (url, init) => {
      if (url.endsWith("/categories")) await categoriesArrive;
      return stub(url, init);
    });
    renderPage();
    await screen.findByLabelText("Class Name");

    expect(field("Category")).toHaveValue("pottery-ceramics");
    expect(field("Category")).toHaveDisplayValue("Pottery & ceramics");
    await act(async () => releaseCategories());
    await screen.findByRole("option", { name: "Painting" });
    expect(field("Category")).toHaveValue("pottery-ceramics");
  });

  test("a closing time that is only the first meeting's start is left to follow the schedule", async () => {
    stubApi({
      "/categories": categories,
      "/myClass/7": { ...scheduled, registrationClosesAt: scheduled.startsAt },
    });
    renderPage();
    await formLoaded();

    expect(field("Registration closes at")).toHaveValue("");
  });

  test("a one-day workshop reads as one: no end date and no weekdays", async () => {
    stubApi({
      "/categories": categories,
      "/myClass/7": {
        ...scheduled,
        endDate: "2027-06-14",
        meetingDays: ["mon"],
        noMeetingDates: [],
        registrationClosesAt: scheduled.startsAt,
      },
    });
    renderPage();
    await formLoaded();

    expect(field("Start date")).toHaveValue("2027-06-14");
    expect(field("End date")).toHaveValue("");
    expect(checkedDays()).toEqual([]);
  });

  test("saving sends every field, and a field emptied is sent empty", async () => {
    const fetch = stubApi({
      "/categories": categories,
      "/myClass/7": scheduled,
      "/classes/7": { modifiedCount: 1 },
    });
    const { user, auth } = renderPage();
    await formLoaded();

    await user.clear(field("Location"));
    await user.clear(field("Oldest age"));
    await user.selectOptions(field("Level"), "");
    await user.click(screen.getByRole("checkbox", { name: "Friday" }));
    await user.click(screen.getByRole("button", { name: "Remove Fri, Jun 18, 2027" }));
    await user.clear(field("Registration closes at"));
    await user.click(screen.getByRole("button", { name: "Update Class" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Good job! Your Class is Updated Successfully."),
    );
    expect(sentBody(fetch)).toEqual({
      nameClass: "Clay Creatures",
      seats: 12,
      price: 45.5,
      image: "https://cdn.camp.test/classes/clay.png",
      description: "Pinch pots and coil bowls.\n\nEverything is glazed and fired.",
      category: "pottery-ceramics",
      level: null,
      location: "",
      whatToBring: "",
      ageMin: 8,
      ageMax: null,
      startDate: "2027-06-14",
      endDate: "2027-06-25",
      meetingDays: ["mon", "wed"],
      startTime: "09:00",
      endTime: "11:30",
      noMeetingDates: [],
      registrationClosesAt: null,
    });
  });

  test("the server's refusal of a schedule field is shown beside it", async () => {
    stubApi({
      "/categories": categories,
      "/myClass/7": scheduled,
      "/classes/7": respond(400, {
        message: "Please check these fields: noMeetingDates.",
        errors: {
          noMeetingDates: ["Each date with no meeting must fall between the start and end dates."],
        },
      }),
    });
    const { user, auth } = renderPage();
    await formLoaded();

    await user.click(screen.getByRole("button", { name: "Update Class" }));

    await waitFor(() =>
      expect(
        screen.getByRole("group", { name: "Dates with no meeting" }),
      ).toHaveAccessibleDescription(
        "Holidays inside the dates, when the class does not meet. Each date with no meeting must fall between the start and end dates.",
      ),
    );
    expect(auth.notify).not.toHaveBeenCalled();
  });
});
