import { fireEvent, render, screen } from "@testing-library/react";

import { initialsOf, Picture } from "./Picture";

const PHOTO = "https://images.camp.test/classes/1.jpg";

test("a picture keeps its box: its size, its aspect ratio, filled without distortion", () => {
  render(<Picture src={PHOTO} alt="Watercolor Basics" width={400} height={300} fluid />);

  const picture = screen.getByRole("img", { name: "Watercolor Basics" });
  expect(picture.tagName).toBe("IMG");
  expect(picture).toHaveAttribute("src", PHOTO);
  expect(picture).toHaveAttribute("width", "400");
  expect(picture).toHaveAttribute("height", "300");
  expect(picture.style.aspectRatio).toBe("400 / 300");
  expect(picture).toHaveClass("picture", "picture-fluid");
});

test("a class without a picture shows its category in a box of the same shape, named once", () => {
  render(<Picture alt="Watercolor Basics" category="Painting" width={400} height={300} fluid />);

  const placeholder = screen.getByRole("img", { name: "Watercolor Basics" });
  expect(placeholder.tagName).not.toBe("IMG");
  expect(placeholder).toHaveTextContent("Painting");
  expect(placeholder.style.aspectRatio).toBe("400 / 300");
  expect(placeholder).toHaveClass("picture", "picture-fluid", "picture-placeholder");
  // What it shows is only to look at: the alt text alone is read.
  for (const child of placeholder.children) expect(child).toHaveAttribute("aria-hidden", "true");
  expect(placeholder).toHaveClass("picture-motif");
});

test("a class with no category shows its initial", () => {
  render(<Picture alt="watercolor Basics" width={400} height={300} fluid />);

  expect(screen.getByRole("img", { name: "watercolor Basics" })).toHaveTextContent(/^W$/);
});

test("a picture that fails to load gives way to the stand-in at the same size", () => {
  render(
    <Picture
      src={PHOTO}
      alt="Watercolor Basics"
      category="Painting"
      width={400}
      height={300}
      fluid
    />,
  );

  fireEvent.error(screen.getByRole("img", { name: "Watercolor Basics" }));

  const placeholder = screen.getByRole("img", { name: "Watercolor Basics" });
  expect(placeholder.tagName).toBe("DIV");
  expect(placeholder).toHaveTextContent("Painting");
  expect(placeholder.style.aspectRatio).toBe("400 / 300");
});

test("a new address after a failure is tried again", () => {
  const { rerender } = render(<Picture src={PHOTO} alt="Clay" width={400} height={300} fluid />);
  fireEvent.error(screen.getByRole("img", { name: "Clay" }));
  expect(screen.getByRole("img", { name: "Clay" }).tagName).toBe("DIV");

  rerender(<Picture src={`${PHOTO}?v=2`} alt="Clay" width={400} height={300} fluid />);

  expect(screen.getByRole("img", { name: "Clay" })).toHaveAttribute("src", `${PHOTO}?v=2`);
});

test("a person without a photo shows their initials in a round box of fixed size", () => {
  render(<Picture alt="Maya Lindqvist" person width={40} height={40} round />);

  const avatar = screen.getByRole("img", { name: "Maya Lindqvist" });
  expect(avatar).toHaveTextContent(/^ML$/);
  expect(avatar).toHaveClass("rounded-circle");
  expect(avatar.style.width).toBe("40px");
  expect(avatar.style.aspectRatio).toBe("40 / 40");
});

test("a broken photo of a person gives way to their initials", () => {
  render(<Picture src={PHOTO} alt="Ada Brush" person width={48} height={48} round />);

  fireEvent.error(screen.getByRole("img", { name: "Ada Brush" }));

  expect(screen.getByRole("img", { name: "Ada Brush" })).toHaveTextContent(/^AB$/);
});

test("a photo beside the name that says it is hidden from assistive technology", () => {
  const { container } = render(<Picture name="Ada Brush" person width={40} height={40} round />);

  expect(screen.queryByRole("img")).not.toBeInTheDocument();
  expect(container.firstChild).toHaveAttribute("aria-hidden", "true");
  expect(container.firstChild).toHaveTextContent("AB");
});

test("a small class thumbnail shows the class's initials, with no room for a drawing", () => {
  render(<Picture alt="Watercolor Basics" category="Painting" width={64} height={48} />);

  const thumbnail = screen.getByRole("img", { name: "Watercolor Basics" });
  expect(thumbnail).toHaveTextContent(/^WB$/);
  expect(thumbnail).not.toHaveClass("picture-motif");
});

test.each([
  ["Maya Lindqvist", "ML"],
  ["Ada", "A"],
  ["  Jean  Paul   Sartre ", "JS"],
  ["sam@camp.test", "S"],
  ["élodie durand", "ÉD"],
  ["", ""],
])("the initials of %j are %j", (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});

describe("a picture with smaller copies", () => {
  const POTTERY = "/static/img/demo/pottery-1280w.webp";

  test("offers the browser each copy by width, for the width its box is shown at", () => {
    render(<Picture src={POTTERY} alt="Pottery" width={400} height={300} fluid sizes="50vw" />);

    const picture = screen.getByRole("img", { name: "Pottery" });
    expect(picture).toHaveAttribute("src", POTTERY);
    expect(picture).toHaveAttribute(
      "srcset",
      "/static/img/demo/pottery-320w.webp 320w, /static/img/demo/pottery-480w.webp 480w, " +
        "/static/img/demo/pottery-640w.webp 640w, /static/img/demo/pottery-960w.webp 960w, " +
        "/static/img/demo/pottery-1280w.webp 1280w",
    );
    expect(picture).toHaveAttribute("sizes", "50vw");
  });

  test("names only the copies up to the largest its address names", () => {
    render(
      <Picture src="/static/img/demo/people/ada-480w.webp" alt="Ada" width={48} height={48} />,
    );

    const photo = screen.getByRole("img", { name: "Ada" });
    expect(photo).toHaveAttribute(
      "srcset",
      "/static/img/demo/people/ada-320w.webp 320w, /static/img/demo/people/ada-480w.webp 480w",
    );
    // A box of fixed size is shown at its width.
    expect(photo).toHaveAttribute("sizes", "48px");
  });

  test.each([
    PHOTO,
    "/media/classes/0f3a.webp",
    // A width the ladder does not have: not one of our copies.
    "https://images.camp.test/banner-1000w.webp",
  ])("an address without copies (%s) is one file", (src) => {
    render(<Picture src={src} alt="Clay" width={400} height={300} fluid sizes="50vw" />);

    const picture = screen.getByRole("img", { name: "Clay" });
    expect(picture).toHaveAttribute("src", src);
    expect(picture).not.toHaveAttribute("srcset");
    expect(picture).not.toHaveAttribute("sizes");
  });
});

test.each([
  ["high", "eager", "high"],
  ["eager", "eager", null],
  ["lazy", "lazy", null],
])("a picture of priority %s loads %s", (priority, loading, fetchPriority) => {
  render(<Picture src={PHOTO} alt="Clay" width={400} height={300} fluid priority={priority} />);

  const picture = screen.getByRole("img", { name: "Clay" });
  expect(picture).toHaveAttribute("loading", loading);
  if (fetchPriority) expect(picture).toHaveAttribute("fetchpriority", fetchPriority);
  else expect(picture).not.toHaveAttribute("fetchpriority");
});
