import { act, render as renderPlain, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";

import { HeroCarousel } from "./HeroCarousel";
import { heroSlides } from "./heroSlides";

afterEach(() => {
  jest.useRealTimers();
});

// Know More is a link, so the show needs a router around it.
function render(ui) {
  return renderPlain(ui, { wrapper: MemoryRouter });
}

function currentSlideTitle() {
  return screen.getByRole("heading", { level: 2 }).textContent;
}

test("the hero shows the three slides in turn with the controls", async () => {
  const user = userEvent.setup();
  render(<HeroCarousel slides={heroSlides} />);

  expect(screen.getByRole("region", { name: "Highlights" })).toHaveAttribute(
    "aria-roledescription",
    "carousel",
  );
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");
  expect(screen.getByRole("group", { name: "1 of 3" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Know More" })).toHaveAttribute("href", "/all-classes");

  await user.click(screen.getByRole("button", { name: "Next slide" }));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");

  await user.click(screen.getByRole("button", { name: "Next slide" }));
  expect(currentSlideTitle()).toBe("Master Artistic Techniques");

  // Past the last slide the show starts over, and back again.
  await user.click(screen.getByRole("button", { name: "Next slide" }));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");
  await user.click(screen.getByRole("button", { name: "Previous slide" }));
  expect(currentSlideTitle()).toBe("Master Artistic Techniques");
});

test("indicators jump to a slide and mark the current one", async () => {
  const user = userEvent.setup();
  render(<HeroCarousel slides={heroSlides} />);

  const indicator = screen.getByRole("button", { name: "Slide 2: Transform Ordinary Materials" });
  await user.click(indicator);

  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");
  expect(indicator).toHaveAttribute("aria-current", "true");
  expect(
    screen.getByRole("button", { name: "Slide 1: Unleash Your Creativity" }),
  ).not.toHaveAttribute("aria-current");
});

test("the slides do not move by themselves unless autoplay is asked for", () => {
  jest.useFakeTimers();
  render(<HeroCarousel slides={heroSlides} />);

  act(() => jest.advanceTimersByTime(10000));

  expect(currentSlideTitle()).toBe("Unleash Your Creativity");
  expect(screen.queryByRole("button", { name: "Pause slides" })).not.toBeInTheDocument();
});

test("with autoplay the slides advance every 3000 ms until paused", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<HeroCarousel slides={heroSlides} autoPlay />);

  act(() => jest.advanceTimersByTime(2999));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");
  act(() => jest.advanceTimersByTime(1));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");

  await user.click(screen.getByRole("button", { name: "Pause slides" }));
  // Moving the pointer away must not restart a show the user paused.
  await user.unhover(screen.getByRole("region", { name: "Highlights" }));
  act(() => jest.advanceTimersByTime(9000));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");
  expect(screen.getByRole("button", { name: "Play slides" })).toBeInTheDocument();
});

test("autoplay holds while the pointer rests on the slides", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<HeroCarousel slides={heroSlides} autoPlay interval={1000} />);

  await user.hover(screen.getByRole("region", { name: "Highlights" }));
  act(() => jest.advanceTimersByTime(5000));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");

  await user.unhover(screen.getByRole("region", { name: "Highlights" }));
  act(() => jest.advanceTimersByTime(1000));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");
});

test("autoplay holds while keyboard focus is inside and goes on once it leaves", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <>
      <HeroCarousel slides={heroSlides} autoPlay interval={1000} />
      <button type="button">After the slides</button>
    </>,
  );

  // The pause button comes first, before anything in the show can move on.
  await user.tab();
  expect(screen.getByRole("button", { name: "Pause slides" })).toHaveFocus();
  act(() => jest.advanceTimersByTime(5000));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");

  // Still held while focus moves between the show's own controls.
  await user.tab();
  act(() => jest.advanceTimersByTime(5000));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");

  act(() => screen.getByRole("button", { name: "After the slides" }).focus());
  act(() => jest.advanceTimersByTime(1000));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");
});

test("the pause button stops the show and Play starts it again from the keyboard", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<HeroCarousel slides={heroSlides} autoPlay interval={1000} />);

  await user.tab();
  await user.keyboard("{Enter}");
  const play = screen.getByRole("button", { name: "Play slides" });
  expect(play).toHaveFocus();
  act(() => screen.getByRole("button", { name: "Play slides" }).blur());
  act(() => jest.advanceTimersByTime(5000));
  expect(currentSlideTitle()).toBe("Unleash Your Creativity");

  // Asked for explicitly, the show runs even while focus stays on its button.
  act(() => play.focus());
  await user.keyboard("{Enter}");
  expect(screen.getByRole("button", { name: "Pause slides" })).toHaveFocus();
  act(() => jest.advanceTimersByTime(1000));
  expect(currentSlideTitle()).toBe("Transform Ordinary Materials");
});

test("for someone who asked for less motion the show waits for Play", () => {
  jest.useFakeTimers();
  window.matchMedia = jest.fn((query) => ({ matches: query.includes("reduce") }));
  try {
    render(<HeroCarousel slides={heroSlides} autoPlay interval={1000} />);

    act(() => jest.advanceTimersByTime(5000));
    expect(currentSlideTitle()).toBe("Unleash Your Creativity");
    expect(screen.getByRole("button", { name: "Play slides" })).toBeInTheDocument();
  } finally {
    delete window.matchMedia;
  }
});
