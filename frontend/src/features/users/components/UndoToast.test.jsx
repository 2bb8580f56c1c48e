import { act, fireEvent, render, screen } from "@testing-library/react";

import { UNDO_WINDOW_MS, UndoToast } from "./UndoToast";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("it offers Undo with the focus on it, and closes by itself once the window passes", () => {
  const onClose = jest.fn();
  const onUndo = jest.fn();
  render(
    <UndoToast
      message="Sam is successfully made as an instructor"
      onUndo={onUndo}
      onClose={onClose}
    />,
  );

  const undo = screen.getByRole("button", { name: "Undo" });
  expect(screen.getByRole("status")).toHaveTextContent("Sam is successfully made as an instructor");
  expect(undo).toHaveFocus();
  fireEvent.click(undo);
  expect(onUndo).toHaveBeenCalledTimes(1);

  // Focus in it holds it open; once focus leaves, the window starts again.
  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS * 2));
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.blur(undo, { relatedTarget: document.body });
  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 1));
  expect(onClose).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test("it waits while the pointer is on it", () => {
  const onClose = jest.fn();
  render(<UndoToast message="Ivy is an instructor again." onClose={onClose} />);
  expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();

  // A pointer entering the message enters the toast around it, which a browser tells the toast
  // itself (enter and leave do not bubble).
  const toast = screen.getByText("Ivy is an instructor again.").closest(".toast");
  fireEvent.mouseEnter(toast);
  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS * 2));
  expect(onClose).not.toHaveBeenCalled();

  fireEvent.mouseLeave(toast);
  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test("Close closes it at once", () => {
  const onClose = jest.fn();
  render(<UndoToast message="Done." onUndo={() => {}} onClose={onClose} />);

  fireEvent.click(screen.getByRole("button", { name: "Close" }));

  expect(onClose).toHaveBeenCalledTimes(1);
});

test("an empty message shows nothing but keeps the live region", () => {
  render(<UndoToast message="" onClose={() => {}} />);

  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});
