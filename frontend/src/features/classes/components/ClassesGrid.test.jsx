import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeClass, makeScheduledClass } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesGrid } from "./ClassesGrid";
import { expectSizedEagerImage, expectSizedLazyImage } from "../../../testing/images";

const watercolor = makeClass({ nameClass: "Watercolor Basics", price: 45.5, seats: 4 });
const pottery = makeClass({ nameClass: "Pottery Wheel", price: 120, seats: 0 });

function card(name) {
  return within(screen.getByRole("article", { name }));
}

test("each card shows image, name, instructor, seats and the price in dollars", () => {
  renderWithProviders(<ClassesGrid classes={[watercolor]} />);

  const watercolorCard = card("Watercolor Basics");
  const image = watercolorCard.getByRole("img", { name: "Watercolor Basics" });
  expect(image).toHaveAttribute("src", watercolor.image);
  expectSizedEagerImage(image, { high: true });
  // The box keeps the picture's shape at any column width.
  expect(image.style.aspectRatio).toBe("400 / 300");
  expect(watercolorCard.getByText("Ada Brush")).toBeInTheDocument();
  expect(watercolorCard.getByText("4")).toBeInTheDocument();
  expect(watercolorCard.getByText("$45.50")).toBeInTheDocument();
  expect(watercolorCard.getByRole("button", { name: "Select" })).not.toHaveAttribute(
    "aria-disabled",
  );
});

test("the first picture loads at once, ahead of all; the rest lazily", () => {
  const classes = Array.from({ length: 5 }, (_, index) =>
    makeClass({ nameClass: `Class number ${index + 1}` }),
  );
  renderWithProviders(<ClassesGrid classes={classes} />);

  const pictures = screen.getAllByRole("img");
  expect(pictures).toHaveLength(5);
  expectSizedEagerImage(pictures[0], { high: true });
  for (const later of pictures.slice(1)) expectSizedLazyImage(later);
});

test("a class with no seats left is shaded red, says so and cannot be selected", () => {
  renderWithProviders(<ClassesGrid classes={[watercolor, pottery]} />, {
    auth: signedIn("student"),
  });

  const soldOut = screen.getByRole("article", { name: "Pottery Wheel" });
  expect(soldOut).toHaveClass("bg-danger-subtle");
  expect(within(soldOut).getByText("$120.00")).toBeInTheDocument();
  const full = within(soldOut).getByRole("button", { name: "No seats left" });
  expect(full).toHaveAttribute("aria-disabled", "true");
  expect(full).toHaveAccessibleDescription("Pottery Wheel");

  const open = screen.getByRole("article", { name: "Watercolor Basics" });
  expect(open).not.toHaveClass("bg-danger-subtle");
  expect(within(open).queryByText("No seats left")).not.toBeInTheDocument();
});

test.each([
  ["admin", "Admins cannot select classes."],
  ["instructor", "Instructors cannot select classes."],
])("a signed-in %s cannot select classes, and is told so", async (role, reason) => {
  const user = userEvent.setup();
  const onSelect = jest.fn();
  renderWithProviders(<ClassesGrid classes={[watercolor]} onSelect={onSelect} />, {
    auth: signedIn(role),
  });

  const select = card("Watercolor Basics").getByRole("button", { name: "Select" });
  expect(select).toHaveAttribute("aria-disabled", "true");
  expect(select).toHaveAccessibleDescription(`Watercolor Basics ${reason}`);
  // Still reachable by keyboard, so the reason can be heard; pressing it does nothing.
  await user.tab();
  await user.tab();
  await user.tab();
  expect(select).toHaveFocus();
  await user.keyboard("{Enter}");
  await user.click(select);
  expect(onSelect).not.toHaveBeenCalled();
});

test("Select waits while the session is still loading", () => {
  renderWithProviders(<ClassesGrid classes={[watercolor]} />, {
    auth: { ...visitor, loading: true },
  });

  expect(card("Watercolor Basics").getByRole("button", { name: "Select" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
});

test("a signed-in student's Select goes to onSelect with the class", async () => {
  const user = userEvent.setup();
  const onSelect = jest.fn();
  renderWithProviders(<ClassesGrid classes={[watercolor]} onSelect={onSelect} />, {
    auth: signedIn("student"),
  });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Select" }));

  expect(onSelect).toHaveBeenCalledWith(watercolor);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("a visitor pressing Select is asked to log in first", async () => {
  const user = userEvent.setup();
  renderWithProviders(<ClassesGrid classes={[watercolor]} />, { route: "/all-classes" });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Select" }));

  const dialog = await screen.findByRole("dialog", {
    name: "Please Login at First to Select this Class",
  });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(within(dialog).getByRole("button", { name: "Login Now!" })).toHaveFocus();
});

test("Login Now! goes to /login remembering the classes page", async () => {
  const user = userEvent.setup();
  const { router } = renderWithProviders(<ClassesGrid classes={[watercolor]} />, {
    route: "/all-classes",
  });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Select" }));
  await user.click(await screen.findByRole("button", { name: "Login Now!" }));

  expect(screen.getByRole("heading", { name: "Other page" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state.from.pathname).toBe("/all-classes");
});

test("the visitor can dismiss the warning and stay on the page", async () => {
  const user = userEvent.setup();
  const { router } = renderWithProviders(<ClassesGrid classes={[watercolor]} />, {
    route: "/all-classes",
  });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Select" }));
  await user.click(await screen.findByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/all-classes");
});

describe("what a card tells about the class", () => {
  const scheduled = makeScheduledClass({ nameClass: "Morning Watercolor" });

  test("category, schedule, ages and level, with links to the class and its instructor", () => {
    renderWithProviders(<ClassesGrid classes={[scheduled]} />);

    const morning = card("Morning Watercolor");
    expect(morning.getByText("Painting")).toBeInTheDocument();
    expect(morning.getByText("Jun 14 – Jun 18 · Mon, Wed, Fri · 9:00 AM–12:00 PM")).toBeVisible();
    expect(morning.getByText("Ages 8–12")).toBeInTheDocument();
    expect(morning.getByText("Beginner")).toBeInTheDocument();
    expect(morning.getByRole("link", { name: "Morning Watercolor" })).toHaveAttribute(
      "href",
      `/classes/${scheduled._id}`,
    );
    expect(morning.getByRole("link", { name: "Ada Brush" })).toHaveAttribute(
      "href",
      "/instructors/4",
    );
  });

  test("a class without meetings says its schedule is to be announced", () => {
    renderWithProviders(<ClassesGrid classes={[watercolor]} />);

    expect(card("Watercolor Basics").getByText("Schedule to be announced")).toBeInTheDocument();
    expect(card("Watercolor Basics").getByText("All ages")).toBeInTheDocument();
  });

  test.each([
    ["a visitor", visitor],
    ["a student without the server's answer", signedIn("student")],
  ])("once registration has closed, %s reads so and cannot select", (_, auth) => {
    const closed = makeScheduledClass({
      nameClass: "Closed Class",
      registrationClosesAt: "2027-06-01T17:00:00-07:00",
      registrationOpen: false,
    });
    renderWithProviders(<ClassesGrid classes={[closed]} />, { auth });

    const select = card("Closed Class").getByRole("button", { name: "Registration closed" });
    expect(select).toHaveAttribute("aria-disabled", "true");
    // The words say it all; why, in the server's words, is for those it answers.
    expect(select).toHaveAccessibleDescription("Closed Class");
  });
});
