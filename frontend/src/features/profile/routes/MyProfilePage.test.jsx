import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { updateAccountProfile } from "../../../lib/auth/firebaseAccount";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyProfilePage } from "./MyProfilePage";

const profile = {
  name: "Sam Instructor",
  email: "instructor@camp.test",
  photo: "https://images.camp.test/instructor.png",
  bio: "I teach pottery.",
};

// Firebase is replaced at the adapter's boundary; the page and its forms run for real.
jest.mock("../../../lib/auth/firebaseAccount", () => ({ updateAccountProfile: jest.fn() }));

beforeEach(() => {
  updateAccountProfile.mockReset();
  updateAccountProfile.mockResolvedValue(undefined);
});

function renderPage(role = "instructor", options = {}) {
  const auth = signedIn(role);
  const rendered = renderRoutes([{ path: "/dashboard/profile", element: <MyProfilePage /> }], {
    route: "/dashboard/profile",
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup(options) };
}

function bio() {
  return screen.getByLabelText("Bio");
}

// The E-mail section reads the mail settings beside the profile; the forms' requests are the rest.
const MAIL_SETTINGS_READ = "GET /api/profile/mail";

function requests(fetch) {
  return fetch.mock.calls
    .map(([url, init]) => `${init?.method ?? "GET"} ${url}`)
    .filter((request) => request !== MAIL_SETTINGS_READ);
}

test("the form starts from the instructor's profile", async () => {
  stubApi({ "/profile": profile });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading your profile…");
  expect(await screen.findByLabelText("Bio")).toHaveValue("I teach pottery.");
  expect(document.title).toBe("My Profile | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
  expect(screen.getByLabelText("Name")).toHaveValue("Sam Instructor");
  expect(screen.getByText("instructor@camp.test")).toBeInTheDocument();
  expect(screen.getByRole("img", { name: "Your photo" })).toHaveAttribute("src", profile.photo);
  expect(bio()).toHaveAccessibleDescription(/16 of 1000 characters/);
  await expectNoSeriousA11yViolations();
});

test("saving sends the bio and says the profile is saved", async () => {
  const fetch = stubApi({ "/profile": profile });
  const { user, auth } = renderPage();
  await screen.findByLabelText("Bio");

  await user.type(bio(), "{Enter}{Enter}And raku firing.  ");
  await user.click(screen.getByRole("button", { name: "Save" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Your profile is saved"));
  const [url, init] = fetch.mock.calls.find(([, options]) => options.method === "PATCH");
  expect(url).toBe("/api/profile");
  expect(JSON.parse(init.body)).toEqual({ bio: "I teach pottery.\n\nAnd raku firing." });
});

test("a bio over 1000 characters is refused before it is sent", async () => {
  const fetch = stubApi({ "/profile": { ...profile, bio: "" } });
  const { user, auth } = renderPage();
  await screen.findByLabelText("Bio");

  await user.click(bio());
  await user.paste("a".repeat(1001));
  await user.click(screen.getByRole("button", { name: "Save" }));

  await waitFor(() =>
    expect(bio()).toHaveAccessibleDescription(
      /1001 of 1000 characters\. Bio must be at most 1000 characters$/,
    ),
  );
  expect(requests(fetch)).toEqual(["GET /api/profile"]);
  expect(auth.notify).not.toHaveBeenCalled();
});

test("the server's refusal is shown beside the bio", async () => {
  stubApi({ "/profile": profile });
  const { user, auth } = renderPage();
  await screen.findByLabelText("Bio");
  stubApi({
    "/profile": respond(400, {
      message: "Please check these fields: bio.",
      errors: { bio: ["Ensure this field has no more than 1000 characters."] },
    }),
  });

  await user.click(screen.getByRole("button", { name: "Save" }));

  await waitFor(() =>
    expect(bio()).toHaveAccessibleDescription(
      /Ensure this field has no more than 1000 characters\.$/,
    ),
  );
  expect(auth.notify).not.toHaveBeenCalled();
});

test("a profile that cannot be loaded says so", async () => {
  stubApi({ "/profile": respond(503, { message: "Try again later." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("Your profile could not be loaded.");
});

describe("editing the name and photo", () => {
  const student = {
    name: "Ada Student",
    email: "student@camp.test",
    photo: "https://images.camp.test/ada.png",
    bio: "",
  };
  const photoFile = () => new File(["png bytes"], "me.png", { type: "image/png" });

  // jsdom has no object URLs; each test file has its own window, so these stay for this file.
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => "blob:camp/new-photo");
    URL.revokeObjectURL = jest.fn();
  });

  test("a student edits their name and photo; the bio is for instructors", async () => {
    stubApi({ "/profile": student });
    renderPage("student");

    const form = await screen.findByRole("form", { name: "Edit profile" });
    expect(within(form).getByLabelText("Name")).toHaveValue("Ada Student");
    expect(within(form).getByLabelText("Photo")).toHaveAccessibleDescription(
      /JPEG, PNG, WebP or GIF image up to 5 MB/,
    );
    expect(screen.queryByLabelText("Bio")).not.toBeInTheDocument();
    await expectNoSeriousA11yViolations();
  });

  test("a new photo is uploaded, previewed, and saved with the new name", async () => {
    const fetch = stubApi({
      "GET /profile": student,
      "POST /images": { success: true, data: { display_url: "/media/classes/new.png" } },
      "PATCH /profile": { ...student, name: "Ada Lovelace", photo: "/media/classes/new.png" },
    });
    const { user, auth } = renderPage("student");
    const name = await screen.findByLabelText("Name");

    await user.clear(name);
    await user.type(name, "  Ada Lovelace ");
    await user.upload(screen.getByLabelText("Photo"), photoFile());
    expect(screen.getByRole("img", { name: "Your new photo" })).toHaveAttribute(
      "src",
      "blob:camp/new-photo",
    );
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Your profile is saved"));
    expect(requests(fetch).slice(0, 3)).toEqual([
      "GET /api/profile",
      "POST /api/images",
      "PATCH /api/profile",
    ]);
    const [, upload] = fetch.mock.calls.find(([url]) => url === "/api/images");
    expect(upload.body.get("image").name).toBe("me.png");
    const [, patch] = fetch.mock.calls.find(([, init]) => init.method === "PATCH");
    expect(JSON.parse(patch.body)).toEqual({
      name: "Ada Lovelace",
      photo: "/media/classes/new.png",
    });
    const shown = { displayName: "Ada Lovelace", photoURL: "/media/classes/new.png" };
    expect(auth.profileChanged).toHaveBeenCalledWith(shown);
    expect(updateAccountProfile).toHaveBeenCalledWith(shown);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(screen.getByRole("img", { name: "Your photo" })).toHaveAttribute(
      "src",
      "/media/classes/new.png",
    );
  });

  test("without a new photo only the name is sent", async () => {
    const fetch = stubApi({
      "GET /profile": student,
      "PATCH /profile": { ...student, name: "Ada King" },
    });
    const { user, auth } = renderPage("student");
    const name = await screen.findByLabelText("Name");

    await user.clear(name);
    await user.type(name, "Ada King");
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(auth.profileChanged).toHaveBeenCalled());
    const [, patch] = fetch.mock.calls.find(([, init]) => init.method === "PATCH");
    expect(JSON.parse(patch.body)).toEqual({ name: "Ada King" });
    expect(requests(fetch)).not.toContain("POST /api/images");
  });

  test("an empty name and a file that is no image are refused before anything is sent", async () => {
    const fetch = stubApi({ "/profile": student });
    const { user, auth } = renderPage("student", { applyAccept: false });
    const name = await screen.findByLabelText("Name");

    await user.clear(name);
    await user.upload(
      screen.getByLabelText("Photo"),
      new File(["%PDF"], "cv.pdf", { type: "application/pdf" }),
    );
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() =>
      expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Name is required."),
    );
    expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription(
      /Choose a JPEG, PNG, WebP or GIF image$/,
    );
    expect(requests(fetch)).toEqual(["GET /api/profile"]);
    expect(auth.notify).not.toHaveBeenCalled();
  });

  test("the server's refusals are shown beside the fields they name", async () => {
    stubApi({
      "GET /profile": student,
      "POST /images": respond(400, {
        success: false,
        error: "The file is not an image: upload a JPEG, PNG, WebP or GIF image.",
        message: "The file is not an image: upload a JPEG, PNG, WebP or GIF image.",
        errors: { image: ["The file is not an image: upload a JPEG, PNG, WebP or GIF image."] },
      }),
    });
    const { user, auth } = renderPage("student");
    await screen.findByLabelText("Name");

    await user.upload(screen.getByLabelText("Photo"), photoFile());
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() =>
      expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription(
        /The file is not an image: upload a JPEG, PNG, WebP or GIF image\.$/,
      ),
    );

    stubApi({
      "GET /profile": student,
      "PATCH /profile": respond(400, {
        message: "Please check these fields: name.",
        errors: { name: ["Name must be at most 150 characters."] },
      }),
    });
    await user.upload(screen.getByLabelText("Photo"), []);
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() =>
      expect(screen.getByLabelText("Name")).toHaveAccessibleDescription(
        "Name must be at most 150 characters.",
      ),
    );
    expect(auth.profileChanged).not.toHaveBeenCalled();
    expect(updateAccountProfile).not.toHaveBeenCalled();
    expect(auth.notify).not.toHaveBeenCalled();
  });

  test("a Firebase that does not take the new name leaves the saved profile saved", async () => {
    updateAccountProfile.mockRejectedValue(new Error("offline"));
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    stubApi({
      "GET /profile": student,
      "PATCH /profile": { ...student, name: "Ada King" },
      "/profile/mail": { announcements: true, undeliverable: false, undeliverableReason: "" },
    });
    const { user, auth } = renderPage("student");
    const name = await screen.findByLabelText("Name");

    await user.clear(name);
    await user.type(name, "Ada King");
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(auth.notify).toHaveBeenCalledWith("Your profile is saved");
    expect(auth.profileChanged).toHaveBeenCalledWith({
      displayName: "Ada King",
      photoURL: student.photo,
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    error.mockRestore();
  });
});
