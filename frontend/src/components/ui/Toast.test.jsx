import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { Toast } from "./Toast";

afterEach(() => {
  jest.useRealTimers();
});

function Example({ initial }) {
  const [message, setMessage] = useState(initial);
  return <Toast message={message} onClose={() => setMessage("")} />;
}

test("a pop-up is announced and closes by itself after 1500 ms", () => {
  jest.useFakeTimers();
  render(<Example initial="Saved" />);

  expect(screen.getByRole("status")).toHaveTextContent("Saved");
  act(() => jest.advanceTimersByTime(1499));
  expect(screen.getByRole("status")).toHaveTextContent("Saved");
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});

test("a pop-up can be closed at once", async () => {
  const user = userEvent.setup();
  render(<Example initial="Saved" />);

  await user.click(screen.getByRole("button", { name: "Close" }));

  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});
