import { startingSoonKey } from "../testing/firstScreenInPage";

import { render, screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { makeInstructor } from "../testing/fixtures";
import { afterTheNextFrame } from "../testing/frames";
import { App, retryWhenTold } from "./App";

beforeEach(() => {
  window.localStorage.clear();
});

test("a visitor's home shows the lists the page carries without asking the server for them", async () => {
  const fetch = stubApi({ "/instructors": [makeInstructor({ name: "Ada Brush" })] });
  render(<App />);

  const popular = within(await screen.findByRole("region", { name: "Popular Classes" }));
  expect(popular.getByRole("article", { name: "Clay Animals" })).toBeInTheDocument();
  const soon = within(screen.getByRole("region", { name: "Starting soon" }));
  expect(soon.getByRole("article", { name: "Morning Watercolor" })).toBeInTheDocument();
  // What the page does not carry is asked for as before.
  expect(await screen.findByRole("article", { name: "Ada Brush" })).toBeInTheDocument();
  await afterTheNextFrame();

  const asked = fetch.mock.calls.map(([url]) => url);
  expect(asked).toContain("/api/instructors");
  expect(asked).not.toContain("/api/popularClasses");
  expect(asked).not.toContain(`/api${startingSoonKey}`);
});

test("a failure with Retry-After is asked again when the server said, others as SWR does", () => {
  jest.useFakeTimers();
  const revalidate = jest.fn();
  const config = { errorRetryCount: 3, errorRetryInterval: 5000 };

  retryWhenTold({ retryAfterSeconds: 1 }, "/eligibility", config, revalidate, { retryCount: 1 });
  jest.advanceTimersByTime(999);
  expect(revalidate).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(revalidate).toHaveBeenCalledTimes(1);

  retryWhenTold({ retryAfterSeconds: 1 }, "/eligibility", config, revalidate, { retryCount: 4 });
  retryWhenTold({ retryAfterSeconds: null }, "/eligibility", config, revalidate, { retryCount: 1 });
  jest.advanceTimersByTime(1000);
  expect(revalidate).toHaveBeenCalledTimes(1);
  jest.useRealTimers();
});
