import { render, screen } from "@testing-library/react";

import { Logo } from "./Logo";

test("the logo is an image named after the school, its name written as the wordmark", () => {
  render(<Logo />);

  expect(screen.getByRole("img", { name: "Camp" })).toHaveTextContent("Camp");
});
