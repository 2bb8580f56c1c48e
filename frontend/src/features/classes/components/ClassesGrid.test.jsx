import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeClass } from "../../../testing/fixtures";
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
  expect(watercolorCard.getByRole("button", { name: "Select" })).toBeEnabled();
});

test("the first row's pictures load at once, the first ahead of all; the rest lazily", () => {
  const classes = Array.from({ length: 5 }, (_, index) =>
    makeClass({ nameClass: `Class number ${index + 1}` }),
  );
  renderWithProviders(<ClassesGrid classes={classes} />);

  const pictures = screen.getAllByRole("img");
  expect(pictures).toHaveLength(5);
  expectSizedEagerImage(pictures[0], { high: true });
  expectSizedEagerImage(pictures[1]);
  expectSizedEagerImage(pictures[2]);
  expectSizedLazyImage(pictures[3]);
  expectSizedLazyImage(pictures[4]);
});

test("a class with no seats left is shaded red, says so and cannot be selected", () => {
  renderWithProviders(<ClassesGrid classes={[watercolor, pottery]} />, {
    auth: signedIn("student"),
  });

  const soldOut = screen.getByRole("article", { name: "Pottery Wheel" });
  expect(soldOut).toHaveClass("bg-danger-subtle");
  expect(within(soldOut).getByText("No seats left")).toBeInTheDocument();
  expect(within(soldOut).getByText("$120.00")).toBeInTheDocument();
  expect(within(soldOut).getByRole("button", { name: "Select" })).toBeDisabled();

  const open = screen.getByRole("article", { name: "Watercolor Basics" });
  expect(open).not.toHaveClass("bg-danger-subtle");
  expect(within(open).queryByText("No seats left")).not.toBeInTheDocument();
});

test.each(["admin", "instructor"])("a signed-in %s cannot select classes", (role) => {
  renderWithProviders(<ClassesGrid classes={[watercolor]} />, { auth: signedIn(role) });

  expect(card("Watercolor Basics").getByRole("button", { name: "Select" })).toBeDisabled();
});

test("Select waits while the session is still loading", () => {
  renderWithProviders(<ClassesGrid classes={[watercolor]} />, {
    auth: { ...visitor, loading: true },
  });

  expect(card("Watercolor Basics").getByRole("button", { name: "Select" })).toBeDisabled();
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

  const dialog = screen.getByRole("dialog", {
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
  await user.click(screen.getByRole("button", { name: "Login Now!" }));

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
  await user.click(screen.getByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/all-classes");
});
