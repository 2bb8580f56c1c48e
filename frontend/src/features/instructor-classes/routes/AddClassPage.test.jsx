import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { categories } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { AddClassPage } from "./AddClassPage";

const uploadedUrl = "https://cdn.camp.test/classes/banner.png";

function banner(name = "banner.png", type = "image/png") {
  return new File(["picture bytes"], name, { type });
}

function renderPage(auth = signedIn("instructor")) {
  const rendered = renderRoutes([{ path: "/dashboard/add-class", element: <AddClassPage /> }], {
    route: "/dashboard/add-class",
    auth,
  });
  // The browser's own accept filter is off so that a wrong file reaches our validation.
  return { ...rendered, auth, user: userEvent.setup({ applyAccept: false }) };
}

// The browser's own addresses for a chosen file's preview; jsdom has none.
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => "blob:camp/banner");
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  window.localStorage.clear();
  delete URL.createObjectURL;
  delete URL.revokeObjectURL;
});

test("a chosen banner is previewed before anything is uploaded", async () => {
  const fetch = stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();
  expect(screen.queryByRole("img")).not.toBeInTheDocument();

  await user.upload(field("Class Image"), banner());

  expect(screen.getByRole("img", { name: "Preview of the new class image" })).toHaveAttribute(
    "src",
    "blob:camp/banner",
  );
  expect(requests(fetch)).toEqual([]);
});

// The category select fills from the school's list; the form is ready once it has.
async function categoriesLoaded() {
  await screen.findByRole("option", { name: "Pottery & ceramics" });
}

function field(label) {
  return screen.getByLabelText(label);
}

async function fillIn(user, { name = "Clay Creatures", seats = "12", price = "45.50" } = {}) {
  if (name) await user.type(field("Class Name"), name);
  if (seats) await user.type(field("Available Seats"), seats);
  if (price) await user.type(field("Price"), price);
  await user.upload(field("Class Image"), banner());
}

// What the form sent; the categories it loads for its select are not part of that.
function requests(fetch) {
  return fetch.mock.calls
    .map(([url, init]) => `${init.method} ${url}`)
    .filter((request) => request !== "GET /api/categories");
}

function sentBody(fetch, request) {
  const [, init] = fetch.mock.calls.find(
    ([url, options]) => `${options.method} ${url}` === request,
  );
  return JSON.parse(init.body);
}

test("the form shows the signed-in instructor's name and e-mail, read-only", async () => {
  stubApi({ "/categories": categories });
  renderPage();
  await categoriesLoaded();

  expect(document.title).toBe("Add a Class | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "Add a Class" })).toBeInTheDocument();
  expect(field("Instructor Name")).toHaveValue("Sam Instructor");
  expect(field("Instructor Name")).toHaveAttribute("readonly");
  expect(field("Instructor Email")).toHaveValue("instructor@camp.test");
  expect(field("Instructor Email")).toHaveAttribute("readonly");
  expect(field("Class Image")).toHaveAttribute(
    "accept",
    "image/jpeg,image/png,image/webp,image/gif",
  );
});

test("an empty form names every required field and sends nothing", async () => {
  const fetch = stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();

  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByText("Class Name - is required")).toBeInTheDocument();
  expect(field("Class Name")).toHaveAccessibleDescription("Class Name - is required");
  expect(field("Available Seats")).toHaveAccessibleDescription("Available Seats - is required");
  expect(field("Price")).toHaveAccessibleDescription("Price - is required");
  expect(field("Class Image")).toHaveAccessibleDescription(
    "A JPEG, PNG, WebP or GIF picture, at most 5 MB. Class Image - is required",
  );
  // The catalog's fields may all stay empty: the schedule is then to be announced.
  expect(field("Description")).not.toHaveAttribute("aria-invalid", "true");
  expect(field("Start date")).not.toHaveAttribute("aria-invalid", "true");
  expect(requests(fetch)).toEqual([]);
});

test("a class name longer than 40 characters is refused", async () => {
  stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();

  await user.type(field("Class Name"), "A".repeat(41));
  await user.tab();

  expect(await screen.findByText("Class Name must be at most 40 characters")).toBeInTheDocument();
  await user.type(field("Class Name"), "{Backspace}");
  await waitFor(() =>
    expect(screen.queryByText("Class Name must be at most 40 characters")).not.toBeInTheDocument(),
  );
});

test.each([
  ["Available Seats", "2.5", "Available Seats must be a whole number"],
  ["Available Seats", "-1", "Available Seats cannot be negative"],
  ["Price", "10.999", "Price can have at most 2 decimal places"],
  ["Price", "-5", "Price cannot be negative"],
])("%s %s: %s", async (label, typed, message) => {
  stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();

  await user.type(field(label), typed);
  await user.tab();

  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(field(label)).toHaveAttribute("aria-invalid", "true");
});

test("a number field shows what was typed, a zero after the point included", async () => {
  stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();

  // "45.0" means 45: a field that wrote the form's value back would make the next "5" a 455.
  await user.type(field("Price"), "45.05");

  expect(field("Price").value).toBe("45.05");
  expect(field("Price")).toHaveValue(45.05);
});

test("a file that is not a picture is refused before any upload", async () => {
  const fetch = stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();

  await fillIn(user);
  await user.upload(field("Class Image"), banner("notes.txt", "text/plain"));
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByText("Choose a JPEG, PNG, WebP or GIF image")).toBeInTheDocument();
  expect(requests(fetch)).toEqual([]);
});

test("the banner is uploaded first, then the class is proposed with its address", async () => {
  const fetch = stubApi({
    "/categories": categories,
    "/images": { success: true, data: { display_url: uploadedUrl } },
    "/classes": respond(201, { insertedId: 9 }),
  });
  window.localStorage.setItem("access-token", "instructor-token");
  const { user, auth } = renderPage();
  await categoriesLoaded();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("The class has been added successfully"),
  );
  expect(requests(fetch)).toEqual(["POST /api/images", "POST /api/classes"]);
  const [, upload] = fetch.mock.calls.find(([url]) => url === "/api/images");
  expect(upload.body).toBeInstanceOf(FormData);
  expect(upload.body.get("image").name).toBe("banner.png");
  expect(upload.headers.Authorization).toBe("Bearer instructor-token");
  // The browser sets the multipart boundary itself.
  expect(upload.headers["Content-Type"]).toBeUndefined();
  // The catalog's fields left empty travel empty: no schedule yet, to be announced.
  expect(sentBody(fetch, "POST /api/classes")).toEqual({
    nameClass: "Clay Creatures",
    seats: 12,
    price: 45.5,
    image: uploadedUrl,
    instructorName: "Sam Instructor",
    instructorEmail: "instructor@camp.test",
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
  // The form is ready for the next class.
  await waitFor(() => expect(field("Class Name")).toHaveValue(""));
  expect(field("Available Seats")).toHaveValue(null);
  expect(field("Price")).toHaveValue(null);
  expect(field("Class Image").files).toHaveLength(0);
});

test("a refused upload is shown beside the image field and no class is proposed", async () => {
  const problem = "The image is larger than 5 MB.";
  const fetch = stubApi({
    "/categories": categories,
    "/images": respond(400, {
      success: false,
      error: problem,
      message: problem,
      errors: { image: [problem] },
    }),
  });
  const { user, auth } = renderPage();
  await categoriesLoaded();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  await waitFor(() =>
    expect(field("Class Image")).toHaveAccessibleDescription(
      `A JPEG, PNG, WebP or GIF picture, at most 5 MB. ${problem}`,
    ),
  );
  expect(requests(fetch)).toEqual(["POST /api/images"]);
  expect(auth.notify).not.toHaveBeenCalled();
});

test("the server's field errors are shown beside their fields; sent again, no second upload", async () => {
  const answers = {
    "/categories": categories,
    "/images": { success: true, data: { display_url: uploadedUrl } },
    "/classes": respond(400, {
      message: "Invalid input.",
      errors: {
        nameClass: ["You already have a class with this name."],
        price: ["Ensure that there are no more than 8 digits in total."],
      },
    }),
  };
  const fetch = stubApi(answers);
  const { user, auth } = renderPage();
  await categoriesLoaded();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  await waitFor(() =>
    expect(field("Class Name")).toHaveAccessibleDescription(
      "You already have a class with this name.",
    ),
  );
  expect(field("Price")).toHaveAccessibleDescription(
    "Ensure that there are no more than 8 digits in total.",
  );
  expect(field("Class Name")).toHaveValue("Clay Creatures");
  expect(auth.notify).not.toHaveBeenCalled();

  answers["/classes"] = respond(201, { insertedId: 10 });
  await user.type(field("Class Name"), " II");
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("The class has been added successfully"),
  );
  expect(requests(fetch)).toEqual(["POST /api/images", "POST /api/classes", "POST /api/classes"]);
  const [, resent] = fetch.mock.calls.findLast(([url]) => url === "/api/classes");
  expect(JSON.parse(resent.body).nameClass).toBe("Clay Creatures II");
});

test("a refusal without field errors is shown above the form", async () => {
  stubApi({
    "/categories": categories,
    "/images": { success: true, data: { display_url: uploadedUrl } },
    "/classes": respond(500, { message: "The server could not save the class." }),
  });
  const { user } = renderPage();
  await categoriesLoaded();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The server could not save the class.",
  );
});

test("the form has no serious accessibility violations, with errors showing too", async () => {
  stubApi({ "/categories": categories });
  const { user } = renderPage();
  await categoriesLoaded();
  await expectNoSeriousA11yViolations();

  await user.click(screen.getByRole("button", { name: "Add Class" }));
  await screen.findByText("Class Name - is required");
  await expectNoSeriousA11yViolations();
});

describe("the catalog's fields", () => {
  // Filling the whole form types a few hundred characters; on a busy machine that takes longer
  // than the default five seconds.
  jest.setTimeout(20_000);

  function group(name) {
    return screen.getByRole("group", { name });
  }

  test("the form asks for each of them, with the school's categories and the levels", async () => {
    stubApi({ "/categories": categories });
    renderPage();
    await categoriesLoaded();

    const category = within(field("Category"));
    expect(category.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Choose a category",
      "Painting",
      "Pottery & ceramics",
      "Paper & origami",
    ]);
    expect(
      within(field("Level"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a level", "Beginner", "Intermediate", "Advanced", "All levels"]);
    expect(field("Description").tagName).toBe("TEXTAREA");
    expect(field("Description")).toHaveAccessibleDescription(/0 of 2000 characters/);
    expect(field("Location")).toBeInTheDocument();
    expect(field("Youngest age")).toHaveAccessibleDescription(/18 and over means adults/);
    expect(field("Oldest age")).toHaveAttribute("type", "number");
    expect(field("Start date")).toHaveAttribute("type", "date");
    expect(field("End date")).toHaveAccessibleDescription("Leave empty for a one-day workshop.");
    expect(
      within(group("Meeting days"))
        .getAllByRole("checkbox")
        .map((box) => box.value),
    ).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
    expect(field("Start time")).toHaveAttribute("type", "time");
    expect(field("End time")).toHaveAttribute("type", "time");
    expect(
      within(group("Dates with no meeting")).getByLabelText("Date with no meeting"),
    ).toHaveAttribute("type", "date");
    expect(field("Registration closes at")).toHaveAttribute("type", "datetime-local");
    expect(field("Registration closes at")).toHaveAccessibleDescription(
      /Defaults to the first meeting's start/,
    );
  });

  test("every field is sent under the API's names", async () => {
    const fetch = stubApi({
      "/categories": categories,
      "/images": { success: true, data: { display_url: uploadedUrl } },
      "/classes": respond(201, { insertedId: 9 }),
    });
    const { user, auth } = renderPage();
    await categoriesLoaded();

    await fillIn(user);
    await user.type(field("Description"), "Pinch pots and coil bowls.{Enter}{Enter}Glazed.");
    await user.selectOptions(
      field("Category"),
      screen.getByRole("option", { name: "Pottery & ceramics" }),
    );
    await user.selectOptions(field("Level"), "Beginner");
    await user.type(field("Location"), " Studio 2 ");
    await user.type(field("What to bring"), " An apron{Enter}A towel ");
    await user.type(field("Youngest age"), "8");
    await user.type(field("Oldest age"), "12");
    await user.type(field("Start date"), "2027-06-14");
    await user.type(field("End date"), "2027-06-25");
    // Ticked out of order, sent in week order.
    await user.click(screen.getByRole("checkbox", { name: "Wednesday" }));
    await user.click(screen.getByRole("checkbox", { name: "Monday" }));
    await user.type(field("Start time"), "09:00");
    await user.type(field("End time"), "11:30");
    await user.type(field("Date with no meeting"), "2027-06-23");
    await user.click(screen.getByRole("button", { name: "Add date" }));
    await user.type(field("Date with no meeting"), "2027-06-16");
    await user.click(screen.getByRole("button", { name: "Add date" }));
    // A date picker reports each new value with an input event, as the app listens for.
    fireEvent.input(field("Registration closes at"), { target: { value: "2027-06-10T17:00" } });
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("The class has been added successfully"),
    );
    expect(sentBody(fetch, "POST /api/classes")).toEqual({
      nameClass: "Clay Creatures",
      seats: 12,
      price: 45.5,
      image: uploadedUrl,
      instructorName: "Sam Instructor",
      instructorEmail: "instructor@camp.test",
      description: "Pinch pots and coil bowls.\n\nGlazed.",
      category: "pottery-ceramics",
      level: "beginner",
      location: "Studio 2",
      whatToBring: "An apron\nA towel",
      ageMin: 8,
      ageMax: 12,
      startDate: "2027-06-14",
      endDate: "2027-06-25",
      meetingDays: ["mon", "wed"],
      startTime: "09:00",
      endTime: "11:30",
      noMeetingDates: ["2027-06-16", "2027-06-23"],
      registrationClosesAt: "2027-06-10T17:00",
    });
  });

  test("a date with no meeting is listed once, and can be removed", async () => {
    stubApi({ "/categories": categories });
    const { user } = renderPage();
    await categoriesLoaded();
    const holidays = within(group("Dates with no meeting"));

    for (const date of ["2027-07-05", "2027-07-02", "2027-07-05"]) {
      await user.type(field("Date with no meeting"), date);
      await user.click(screen.getByRole("button", { name: "Add date" }));
    }

    expect(holidays.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Fri, Jul 2, 2027",
      "Mon, Jul 5, 2027",
    ]);
    expect(field("Date with no meeting")).toHaveValue("");

    await user.click(holidays.getByRole("button", { name: "Remove Fri, Jul 2, 2027" }));

    expect(holidays.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Mon, Jul 5, 2027",
    ]);
  });

  test("the description counts its characters and stops at 2000", async () => {
    stubApi({ "/categories": categories });
    const { user } = renderPage();
    await categoriesLoaded();

    await user.click(field("Description"));
    await user.paste("a".repeat(2001));
    await user.tab();

    await waitFor(() =>
      expect(field("Description")).toHaveAccessibleDescription(
        /2001 of 2000 characters\. Description must be at most 2000 characters$/,
      ),
    );
    await user.type(field("Description"), "{Backspace}");
    await waitFor(() => expect(field("Description")).not.toHaveAttribute("aria-invalid", "true"));
    expect(field("Description")).toHaveAccessibleDescription(/2000 of 2000 characters/);
  });

  test("a schedule that cannot be is refused beside the field at fault, and nothing is sent", async () => {
    const fetch = stubApi({ "/categories": categories });
    const { user } = renderPage();
    await categoriesLoaded();

    await fillIn(user);
    await user.type(field("Youngest age"), "12");
    await user.type(field("Oldest age"), "8");
    await user.type(field("Start date"), "2027-06-14");
    await user.type(field("End date"), "2027-06-25");
    await user.type(field("Start time"), "13:00");
    await user.type(field("End time"), "09:00");
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    await waitFor(() =>
      expect(field("End time")).toHaveAccessibleDescription(
        "Each meeting must end after it starts, on the same day.",
      ),
    );
    expect(group("Meeting days")).toHaveAccessibleDescription(
      "Needed when the class runs over several days. Choose the weekdays the class meets.",
    );
    expect(field("Oldest age")).toHaveAccessibleDescription(
      "Optional. Leave empty for no upper limit. The oldest age must not be below the youngest.",
    );
    expect(requests(fetch)).toEqual([]);

    await user.clear(field("End date"));
    await user.type(field("End date"), "2027-06-01");
    expect(field("End date")).toHaveAccessibleDescription(
      "Leave empty for a one-day workshop. The end date must be on or after the start date.",
    );
  });

  test("a start date alone asks for the times of the meetings", async () => {
    stubApi({ "/categories": categories });
    const { user } = renderPage();
    await categoriesLoaded();

    await user.type(field("Start date"), "2027-06-14");
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    await waitFor(() =>
      expect(field("Start time")).toHaveAccessibleDescription("Give the time each meeting starts."),
    );
    expect(field("End time")).toHaveAccessibleDescription("Give the time each meeting ends.");
  });

  test("the server's refusal of a catalog field is shown beside that field", async () => {
    stubApi({
      "/categories": categories,
      "/images": { success: true, data: { display_url: uploadedUrl } },
      "/classes": respond(400, {
        message: "Please check these fields: endDate, meetingDays, registrationClosesAt, category.",
        errors: {
          endDate: ["A class runs for a year at most."],
          meetingDays: ["No meeting falls on these dates and weekdays: check them."],
          registrationClosesAt: ["Registration must close before the class ends."],
          category: ["Object with slug=weaving does not exist."],
        },
      }),
    });
    const { user, auth } = renderPage();
    await categoriesLoaded();

    await fillIn(user);
    await user.type(field("Start date"), "2027-06-14");
    await user.type(field("Start time"), "09:00");
    await user.type(field("End time"), "12:00");
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    await waitFor(() =>
      expect(field("End date")).toHaveAccessibleDescription(
        "Leave empty for a one-day workshop. A class runs for a year at most.",
      ),
    );
    expect(group("Meeting days")).toHaveAccessibleDescription(
      "Needed when the class runs over several days. No meeting falls on these dates and weekdays: check them.",
    );
    expect(field("Registration closes at")).toHaveAccessibleDescription(
      "Optional. Defaults to the first meeting's start. Registration must close before the class ends.",
    );
    expect(field("Category")).toHaveAccessibleDescription(
      "Object with slug=weaving does not exist.",
    );
    // Every message found its field: nothing is left over for the top of the form.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(auth.notify).not.toHaveBeenCalled();
  });
});
