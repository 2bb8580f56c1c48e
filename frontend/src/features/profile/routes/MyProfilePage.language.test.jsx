import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { updateAccountProfile } from "../../../lib/auth/firebaseAccount";
import { stubApi } from "../../../testing/api";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";
import { MyProfilePage } from "./MyProfilePage";

const profile = {
  name: "Ada Student",
  email: "student@camp.test",
  photo: "https://images.camp.test/ada.png",
  bio: "",
};

// Firebase is replaced at the adapter's boundary; the page and its forms run for real.
jest.mock("../../../lib/auth/firebaseAccount", () => ({ updateAccountProfile: jest.fn() }));

beforeEach(() => {
  updateAccountProfile.mockReset();
  updateAccountProfile.mockResolvedValue(undefined);
  document.cookie = "camp_language=; path=/; max-age=0";
});

afterEach(speakEnglish);

function renderPage(role = "student") {
  const auth = signedIn(role);
  renderRoutes([{ path: "/dashboard/profile", element: <MyProfilePage /> }], {
    route: "/dashboard/profile",
    auth,
  });
  return { auth, user: userEvent.setup() };
}

function patches(fetch) {
  return fetch.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([url, init]) => [url, JSON.parse(init.body)]);
}

test("the form offers each language in its own words, the page's own chosen", async () => {
  stubApi({ "/profile": profile });
  renderPage();

  const english = await screen.findByRole("radio", { name: "English" });
  expect(english).toBeChecked();
  expect(screen.getByRole("radio", { name: "Español" })).not.toBeChecked();
  expect(screen.getByRole("group", { name: "Language" })).toBeInTheDocument();
});

test("choosing Español saves it on the account and loads the page again in Spanish", async () => {
  const fetch = stubApi({ "/profile": profile });
  const { user, auth } = renderPage();
  // jsdom cannot load a page again: it reports the navigation as not implemented.
  const jsdomErrors = jest.spyOn(console, "error").mockImplementation(() => {});

  await user.click(await screen.findByRole("radio", { name: "Español" }));
  await user.click(screen.getByRole("button", { name: "Save profile" }));

  await waitFor(() =>
    expect(patches(fetch)).toEqual([
      ["/api/profile", { name: "Ada Student" }],
      ["/api/profile", { language: "es" }],
    ]),
  );
  expect(auth.notify).toHaveBeenCalledWith("Your profile is saved");
  expect(document.cookie).toContain("camp_language=es");
  await waitFor(() =>
    expect(jsdomErrors).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/navigation/) }),
    ),
  );
  jsdomErrors.mockRestore();
});

test("keeping the language saves the name alone and stays on the page", async () => {
  const fetch = stubApi({ "/profile": profile });
  const { user, auth } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Save profile" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Your profile is saved"));
  expect(patches(fetch)).toEqual([["/api/profile", { name: "Ada Student" }]]);
  expect(document.cookie).not.toContain("camp_language");
});

test("the page speaks Spanish in the Spanish build", async () => {
  speakSpanish();
  stubApi({ "/profile": { ...profile, bio: "Enseño cerámica." } });
  renderPage("instructor");

  expect(await screen.findByRole("heading", { level: 1, name: "Mi perfil" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Mi perfil/);
  expect(screen.getByLabelText("Nombre")).toHaveValue("Ada Student");
  expect(screen.getByLabelText("Biografía")).toHaveAccessibleDescription(/16 de 1000 caracteres/);
  expect(screen.getByRole("group", { name: "Idioma" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Guardar perfil" })).toBeInTheDocument();
  expect(screen.queryByText("My Profile")).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Save profile" })).not.toBeInTheDocument();
});
