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

// A list whose rows each open a dialog that removes the row, as Delete does.
function RemovableRows() {
  const [rows, setRows] = useState(["Pottery", "Weaving"]);
  const [removing, setRemoving] = useState(null);
  return (
    <main>
      <h1>My Selected Classes</h1>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <button type="button" onClick={() => setRemoving(row)}>
              Delete {row}
            </button>
          </li>
        ))}
      </ul>
      {removing && (
        <Dialog
          title={`Remove ${removing}?`}
          onClose={() => setRemoving(null)}
          actions={
            <button
              type="button"
              onClick={() => {
                setRows((all) => all.filter((row) => row !== removing));
                setRemoving(null);
              }}
            >
              Remove
            </button>
          }
        />
      )}
    </main>
  );
}

test("when the control that opened it is gone, focus goes to the page's heading, not the body", async () => {
  const user = userEvent.setup();
  render(<RemovableRows />);

  await user.click(screen.getByRole("button", { name: "Delete Pottery" }));
  await user.click(screen.getByRole("button", { name: "Remove" }));

  expect(screen.queryByRole("button", { name: "Delete Pottery" })).not.toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "My Selected Classes" })).toHaveFocus();
});

test("a dialog cancelled returns focus to the row's own control", async () => {
  const user = userEvent.setup();
  render(<RemovableRows />);

  await user.click(screen.getByRole("button", { name: "Delete Weaving" }));
  await user.keyboard("{Escape}");

  expect(screen.getByRole("button", { name: "Delete Weaving" })).toHaveFocus();
});
