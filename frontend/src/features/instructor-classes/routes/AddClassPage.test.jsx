import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
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

afterEach(() => window.localStorage.clear());

function field(label) {
  return screen.getByLabelText(label);
}

async function fillIn(user, { name = "Clay Creatures", seats = "12", price = "45.50" } = {}) {
  if (name) await user.type(field("Class Name"), name);
  if (seats) await user.type(field("Available Seats"), seats);
  if (price) await user.type(field("Price"), price);
  await user.upload(field("Class Image"), banner());
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

test("the form shows the signed-in instructor's name and e-mail, read-only", () => {
  renderPage();

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
  const fetch = stubApi({});
  const { user } = renderPage();

  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByText("Class Name - is required")).toBeInTheDocument();
  expect(field("Class Name")).toHaveAccessibleDescription("Class Name - is required");
  expect(field("Available Seats")).toHaveAccessibleDescription("Available Seats - is required");
  expect(field("Price")).toHaveAccessibleDescription("Price - is required");
  expect(field("Class Image")).toHaveAccessibleDescription(
    "A JPEG, PNG, WebP or GIF picture, at most 5 MB. Class Image - is required",
  );
  expect(fetch).not.toHaveBeenCalled();
});

test("a class name longer than 40 characters is refused", async () => {
  const { user } = renderPage();

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
  const { user } = renderPage();

  await user.type(field(label), typed);
  await user.tab();

  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(field(label)).toHaveAttribute("aria-invalid", "true");
});

test("a file that is not a picture is refused before any upload", async () => {
  const fetch = stubApi({});
  const { user } = renderPage();

  await fillIn(user);
  await user.upload(field("Class Image"), banner("notes.txt", "text/plain"));
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByText("Choose a JPEG, PNG, WebP or GIF image")).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});

test("the banner is uploaded first, then the class is proposed with its address", async () => {
  const fetch = stubApi({
    "/images": { success: true, data: { display_url: uploadedUrl } },
    "/classes": respond(201, { insertedId: 9 }),
  });
  window.localStorage.setItem("access-token", "instructor-token");
  const { user, auth } = renderPage();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("The class has been added successfully"),
  );
  expect(requests(fetch)).toEqual(["POST /api/images", "POST /api/classes"]);
  const [, upload] = fetch.mock.calls[0];
  expect(upload.body).toBeInstanceOf(FormData);
  expect(upload.body.get("image").name).toBe("banner.png");
  expect(upload.headers.Authorization).toBe("Bearer instructor-token");
  // The browser sets the multipart boundary itself.
  expect(upload.headers["Content-Type"]).toBeUndefined();
  const [, create] = fetch.mock.calls[1];
  expect(JSON.parse(create.body)).toEqual({
    nameClass: "Clay Creatures",
    seats: 12,
    price: 45.5,
    image: uploadedUrl,
    instructorName: "Sam Instructor",
    instructorEmail: "instructor@camp.test",
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
    "/images": respond(400, {
      success: false,
      error: problem,
      message: problem,
      errors: { image: [problem] },
    }),
  });
  const { user, auth } = renderPage();

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
  expect(JSON.parse(fetch.mock.calls[2][1].body).nameClass).toBe("Clay Creatures II");
});

test("a refusal without field errors is shown above the form", async () => {
  stubApi({
    "/images": { success: true, data: { display_url: uploadedUrl } },
    "/classes": respond(500, { message: "The server could not save the class." }),
  });
  const { user } = renderPage();

  await fillIn(user);
  await user.click(screen.getByRole("button", { name: "Add Class" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The server could not save the class.",
  );
});

test("the form has no serious accessibility violations, with errors showing too", async () => {
  const { user } = renderPage();
  await expectNoSeriousA11yViolations();

  await user.click(screen.getByRole("button", { name: "Add Class" }));
  await screen.findByText("Class Name - is required");
  await expectNoSeriousA11yViolations();
});
