import { act, render, screen } from "@testing-library/react";

import { NoticesProvider, useNotify } from "../lib/notices";
import { NoticeToast } from "./providers";

let notify;
function Page() {
  notify = useNotify();
  return null;
}

test("a notice pops up and closes itself after 1500 ms", () => {
  jest.useFakeTimers();
  render(
    <NoticesProvider>
      <Page />
      <NoticeToast />
    </NoticesProvider>,
  );

  act(() => notify("You have logged in successfully."));
  expect(screen.getByRole("status")).toHaveTextContent("You have logged in successfully.");

  act(() => jest.advanceTimersByTime(1499));
  expect(screen.getByRole("status")).toHaveTextContent("You have logged in successfully.");
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole("status")).toHaveTextContent("");
  jest.useRealTimers();
});
