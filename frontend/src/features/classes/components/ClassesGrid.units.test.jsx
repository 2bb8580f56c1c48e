import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeClass } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassesGrid } from "./ClassesGrid";

function unit(id, seatsFree, price) {
  return {
    id,
    label: `Day ${id}`,
    startsOn: "2027-06-14",
    endsOn: "2027-06-14",
    seats: 12,
    seatsFree,
    price,
  };
}

const weekly = makeClass({ nameClass: "Art Explorers", price: 245, booking: "weeks" });
const daily = makeClass({
  nameClass: "Young Makers Studio",
  price: 55,
  booking: "days",
  units: [unit(81, 4, 60), unit(82, 0, 55)],
});
const allFull = makeClass({
  nameClass: "Clay Days",
  price: 40,
  booking: "days",
  units: [unit(91, 0, 40)],
});

function card(name) {
  return within(screen.getByRole("article", { name }));
}

test("a series' card prices it from its cheapest unit and leads to its page to book", async () => {
  const user = userEvent.setup();
  renderWithProviders(<ClassesGrid classes={[weekly, daily, allFull]} />, {
    route: "/all-classes",
    auth: signedIn("student"),
  });

  expect(card("Art Explorers").getByText("From $245.00 / week")).toBeInTheDocument();
  expect(card("Young Makers Studio").getByText("From $55.00 / day")).toBeInTheDocument();
  // Each unit has its own seats: the series' card names none.
  expect(card("Young Makers Studio").queryByText("Available seats")).not.toBeInTheDocument();
  expect(card("Art Explorers").queryByRole("button", { name: "Select" })).not.toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Clay Days" })).toHaveClass("bg-danger-subtle");
  expect(screen.getByRole("article", { name: "Young Makers Studio" })).not.toHaveClass(
    "bg-danger-subtle",
  );

  await user.click(card("Young Makers Studio").getByRole("link", { name: "Book days" }));

  expect(await screen.findByRole("heading", { name: "Other page" })).toBeInTheDocument();
});
