import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { Dialog } from "./Dialog";

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Are you sure?"
          onClose={() => setOpen(false)}
          actions={
            <button type="button" onClick={() => setOpen(false)}>
              Confirm
            </button>
          }
        >
          <p>Some details.</p>
        </Dialog>
      )}
    </>
  );
}

async function openDialog(user) {
  await user.click(screen.getByRole("button", { name: "Open" }));
  return screen.getByRole("dialog", { name: "Are you sure?" });
}

test("the dialog is modal, named by its title and starts on its action", async () => {
  const user = userEvent.setup();
  render(<Example />);

  const dialog = await openDialog(user);

  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(screen.getByRole("button", { name: "Confirm" })).toHaveFocus();
});

test("Escape closes the dialog and focus returns to its opener", async () => {
  const user = userEvent.setup();
  render(<Example />);
  await openDialog(user);

  await user.keyboard("{Escape}");

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
});

test("Tab keeps focus inside the dialog", async () => {
  const user = userEvent.setup();
  render(<Example />);
  await openDialog(user);

  await user.tab();
  expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole("button", { name: "Confirm" })).toHaveFocus();
});

test("the close button closes the dialog", async () => {
  const user = userEvent.setup();
  render(<Example />);
  await openDialog(user);

  await user.click(screen.getByRole("button", { name: "Close" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});
