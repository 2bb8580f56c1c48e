import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

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

function renderPage() {
  const auth = signedIn("instructor");
  const rendered = renderRoutes([{ path: "/dashboard/profile", element: <MyProfilePage /> }], {
    route: "/dashboard/profile",
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup() };
}

function bio() {
  return screen.getByLabelText("Bio");
}

test("the form starts from the instructor's profile", async () => {
  stubApi({ "/profile": profile });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading your profile…");
  expect(await screen.findByLabelText("Bio")).toHaveValue("I teach pottery.");
  expect(document.title).toBe("My Profile | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
  expect(screen.getByText("Sam Instructor")).toBeInTheDocument();
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
  expect(fetch.mock.calls.map(([, init]) => init.method)).toEqual(["GET"]);
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
