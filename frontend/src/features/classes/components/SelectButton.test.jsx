import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SelectButton } from "./SelectButton";

function renderButton({ off, onPress = jest.fn() }) {
  render(
    <>
      <SelectButton className="btn btn-primary" off={off} describedBy="why" onPress={onPress}>
        {off ? "Registration closed" : "Select"}
      </SelectButton>
      <p id="why">Registration for this class closed on Tue, Jun 1, 2027.</p>
    </>,
  );
  return { onPress, user: userEvent.setup() };
}

test("an off button names its state, points to the reason and stays reachable", async () => {
  const { onPress, user } = renderButton({ off: true });

  const button = screen.getByRole("button", { name: "Registration closed" });
  expect(button).toHaveAttribute("aria-disabled", "true");
  expect(button).toHaveAccessibleDescription(
    "Registration for this class closed on Tue, Jun 1, 2027.",
  );
  // Not `disabled`: keyboard users reach it and hear why.
  expect(button).not.toBeDisabled();
  await user.tab();
  expect(button).toHaveFocus();

  await user.keyboard("{Enter}");
  await user.keyboard(" ");
  await user.click(button);
  expect(onPress).not.toHaveBeenCalled();
});

test("an on button is pressed as any other", async () => {
  const { onPress, user } = renderButton({ off: false });

  const button = screen.getByRole("button", { name: "Select" });
  expect(button).not.toHaveAttribute("aria-disabled");
  await user.click(button);
  expect(onPress).toHaveBeenCalledTimes(1);
});
