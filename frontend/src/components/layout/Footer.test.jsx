import { screen, within } from "@testing-library/react";

import { renderWithProviders } from "../../testing/renderWithProviders";
import { Footer } from "./Footer";

afterEach(() => {
  jest.useRealTimers();
});

function footer() {
  return within(screen.getByRole("contentinfo"));
}

test("the copyright line shows the year at the time of rendering", () => {
  jest.useFakeTimers({ now: new Date("2031-07-04T12:00:00Z") });
  renderWithProviders(<Footer />);

  expect(footer().getByText(/© 2031 Camp\. All rights reserved\./)).toBeInTheDocument();
});

test("the tagline says the school has trained since 2003", () => {
  renderWithProviders(<Footer />);

  expect(footer().getByText(/providing practical training since 2003/)).toBeInTheDocument();
});

test("social links open in a new tab without handing over the page", () => {
  renderWithProviders(<Footer />);

  for (const network of ["Facebook", "Instagram", "YouTube"]) {
    const link = footer().getByRole("link", { name: `Camp on ${network} (opens in a new tab)` });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link.getAttribute("href")).toMatch(/^https:\/\//);
  }
});

test("the footer links to the public pages and the gallery", () => {
  renderWithProviders(<Footer />);

  const siteLinks = within(screen.getByRole("navigation", { name: "Footer" }));
  expect(siteLinks.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  expect(siteLinks.getByRole("link", { name: "All Instructors" })).toHaveAttribute(
    "href",
    "/all-instructors",
  );
  expect(siteLinks.getByRole("link", { name: "All Classes" })).toHaveAttribute(
    "href",
    "/all-classes",
  );
  expect(siteLinks.getByRole("link", { name: "Gallery" })).toHaveAttribute("href", "/gallery");
});

test("the school's own pages are linked: About us, Contact, the policies and the accessibility statement", () => {
  renderWithProviders(<Footer />);

  for (const [label, href] of [
    ["About us", "/about"],
    ["Contact", "/contact"],
    ["Terms of use", "/terms"],
    ["Privacy policy", "/privacy"],
    ["Cookie policy", "/cookies"],
    ["Accessibility", "/accessibility"],
  ]) {
    expect(footer().getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
});

test("the contact block gives an address, a phone number and an e-mail", () => {
  renderWithProviders(<Footer />);

  const contact = footer()
    .getByText(/1250 Maple Avenue/)
    .closest("address");
  expect(within(contact).getByRole("link", { name: "+1 (503) 555-0143" })).toHaveAttribute(
    "href",
    "tel:+15035550143",
  );
  expect(
    within(contact).getByRole("link", { name: "hello@camp-artschool.example" }),
  ).toHaveAttribute("href", "mailto:hello@camp-artschool.example");
});
