import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ThemeToggle } from "./ThemeToggle";

const html = document.documentElement;

afterEach(() => {
  html.removeAttribute("data-bs-theme");
  window.localStorage.clear();
});

test("the theme is light by default and the toggle offers dark", () => {
  render(<ThemeToggle />);

  expect(screen.getByRole("button", { name: "Switch to dark theme" })).toBeInTheDocument();
});

test("toggling flips the page theme and remembers the choice", async () => {
  const user = userEvent.setup();
  html.setAttribute("data-bs-theme", "light");
  render(<ThemeToggle />);

  await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
  expect(html).toHaveAttribute("data-bs-theme", "dark");
  expect(window.localStorage.getItem("theme")).toBe("dark");

  await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
  expect(html).toHaveAttribute("data-bs-theme", "light");
  expect(window.localStorage.getItem("theme")).toBe("light");
});

test("the toggle starts from the theme already applied to the page", () => {
  html.setAttribute("data-bs-theme", "dark");
  render(<ThemeToggle />);

  expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeInTheDocument();
});

test("without a page attribute the stored theme is used", async () => {
  const user = userEvent.setup();
  window.localStorage.setItem("theme", "dark");
  render(<ThemeToggle />);

  await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
  expect(html).toHaveAttribute("data-bs-theme", "light");
  expect(window.localStorage.getItem("theme")).toBe("light");
});

test("an unknown stored value falls back to light", () => {
  window.localStorage.setItem("theme", "purple");
  render(<ThemeToggle />);

  expect(screen.getByRole("button", { name: "Switch to dark theme" })).toBeInTheDocument();
});
