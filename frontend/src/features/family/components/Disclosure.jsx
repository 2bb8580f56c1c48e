import { useId, useState } from "react";

/*
 * A section that opens on request: its heading is the button. What it holds is drawn, and so
 * asked of the server, only while it is open.
 */
export function Disclosure({ title, children }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="mt-4">
      <h2 className="h4">
        <button
          type="button"
          className="btn btn-link text-decoration-none p-0 fs-4 text-start"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span aria-hidden="true" className="me-2">
            {open ? "▾" : "▸"}
          </span>
          {title}
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
