import { render, screen } from "@testing-library/react";

import { LongText } from "./LongText";

const LONG_EMAIL = `${"m".repeat(64)}@${"studio".repeat(8)}.camp.test`;

test("a long e-mail is there whole, for screen readers and for copying", () => {
  render(
    <a href={`mailto:${LONG_EMAIL}`}>
      <LongText text={LONG_EMAIL} />
    </a>,
  );

  expect(screen.getByRole("link", { name: LONG_EMAIL })).toHaveTextContent(LONG_EMAIL);
});

test("a truncated name carries its full text for hover", () => {
  render(<LongText text={`Maximiliana ${"X".repeat(140)}`} truncate />);

  const name = screen.getByText(`Maximiliana ${"X".repeat(140)}`);
  expect(name).toHaveAttribute("title", `Maximiliana ${"X".repeat(140)}`);
  expect(name).toHaveClass("long-text-truncate");
});

test("wrapped text needs no title: all of it shows", () => {
  render(<LongText text="Ada Admin" />);

  expect(screen.getByText("Ada Admin")).not.toHaveAttribute("title");
});

test("it can be the element a list needs, with its id", () => {
  render(
    <dl>
      <dt>For</dt>
      <LongText as="dd" id="for" text="Mia Lopez" />
    </dl>,
  );

  const value = screen.getByRole("definition");
  expect(value).toHaveTextContent("Mia Lopez");
  expect(value).toHaveAttribute("id", "for");
});
