import { screen, within } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { AboutPage, AccessibilityPage, CookiesPage, PrivacyPage, TermsPage } from "./SchoolPages";

const privacy = {
  slug: "privacy",
  title: "Privacy policy",
  body: "We keep little.\n\n## What we keep about children\n\n- their name\n- their date of birth",
  updatedAt: "2026-11-20T10:00:00Z",
};

test("a policy shows its title, when it last changed and its text", async () => {
  stubApi({ "/pages/privacy": privacy });
  renderWithProviders(<PrivacyPage />, { route: "/privacy" });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Privacy policy" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Privacy policy | Camp");
  expect(screen.getByText("Last updated November 20, 2026")).toBeInTheDocument();
  expect(screen.getByText("We keep little.")).toBeInTheDocument();
  const section = screen.getByRole("heading", { level: 2, name: "What we keep about children" });
  expect(section).toBeInTheDocument();
  const items = within(screen.getByRole("list")).getAllByRole("listitem");
  expect(items.map((item) => item.textContent)).toEqual(["their name", "their date of birth"]);
  await expectNoSeriousA11yViolations();
});

test.each([
  ["terms", TermsPage, "Terms of use"],
  ["cookies", CookiesPage, "Cookie policy"],
])("the %s page shows the title its admins gave it", async (slug, Page, title) => {
  stubApi({ [`/pages/${slug}`]: { slug, title, body: "Text.", updatedAt: null } });
  renderWithProviders(<Page />, { route: `/${slug}` });

  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} | Camp`);
  // A page that was never saved has no date to show.
  expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
});

test("About us leads on to the classes and to Contact", async () => {
  stubApi({
    "/pages/about": {
      slug: "about",
      title: "About us",
      body: "Since 2003, we make things.",
      updatedAt: "2026-11-20T10:00:00Z",
    },
  });
  renderWithProviders(<AboutPage />, { route: "/about" });

  expect(await screen.findByText("Since 2003, we make things.")).toBeInTheDocument();
  expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "See the classes" })).toHaveAttribute(
    "href",
    "/all-classes",
  );
  expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
});

test("a page that cannot be loaded keeps its name and says so", async () => {
  stubApi({ "/pages/terms": respond(503, { message: "The site is busy right now." }) });
  renderWithProviders(<TermsPage />, { route: "/terms" });

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("This page could not be loaded.");
  expect(alert).toHaveTextContent("The site is busy right now.");
  expect(screen.getByRole("heading", { level: 1, name: "Terms of use" })).toBeInTheDocument();
  expect(document.title).toBe("Terms of use | Camp");
});

test("the accessibility statement shows when it was last reviewed and how to reach the school", async () => {
  const reviewed = new Date();
  stubApi({
    "/pages/accessibility": {
      slug: "accessibility",
      title: "Accessibility statement",
      body: "## What the site meets\n\nWCAG 2.1 at level AA.",
      updatedAt: reviewed.toISOString(),
    },
  });
  renderWithProviders(<AccessibilityPage />, { route: "/accessibility" });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Accessibility statement" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Accessibility statement | Camp");
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(reviewed);
  expect(screen.getByText(`Last reviewed ${day}`)).toBeInTheDocument();
  const help = within(screen.getByRole("region", { name: "Contact the school" }));
  expect(help.getByRole("link", { name: "hello@camp-artschool.example" })).toHaveAttribute(
    "href",
    "mailto:hello@camp-artschool.example",
  );
  expect(help.getByRole("link", { name: "+1 (503) 555-0143" })).toHaveAttribute(
    "href",
    "tel:+15035550143",
  );
  expect(help.getByRole("link", { name: "Write to us" })).toHaveAttribute("href", "/contact");
  await expectNoSeriousA11yViolations();
});
