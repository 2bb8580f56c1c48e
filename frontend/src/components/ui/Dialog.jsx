import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { t } from "ttag";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/*
 * A modal dialog drawn with Bootstrap's modal classes but driven by React (no Bootstrap JS):
 * focus moves into the dialog, Tab stays inside it, Escape or the backdrop closes it, and focus
 * returns to whatever opened it (`focusAfterClose`). Render it only while it is open. Focus starts
 * on an element marked autoFocus, else on the first action.
 */
/*
 * Where focus goes when a dialog closes: back to the control that opened it; when that control
 * has gone (the row it belonged to was removed) or is off, to the page's main heading, never to
 * the page body.
 */
export function focusAfterClose(opener) {
  if (opener?.isConnected && !opener.disabled && typeof opener.focus === "function") {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const heading = document.querySelector("main h1") ?? document.querySelector("h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

export function Dialog({ title, onClose, children, actions }) {
  const titleId = useId();
  const dialogRef = useRef(null);
  // Read while rendering: by the time effects run, an autoFocus child has taken the focus.
  const [opener] = useState(() => document.activeElement);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog.contains(document.activeElement)) {
      const firstAction = dialog.querySelector(
        ".modal-footer button:not([disabled]), .modal-footer a[href]",
      );
      (firstAction || dialog).focus();
    }
    document.body.classList.add("modal-open");
    return () => {
      document.body.classList.remove("modal-open");
      focusAfterClose(opener);
    };
  }, [opener]);

  function handleKeyDown(event) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = [...dialogRef.current.querySelectorAll(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <>
      <div
        ref={dialogRef}
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        onMouseDown={(event) => {
          // A press on the dimmed area around the box closes the dialog.
          if (event.target === event.currentTarget) onCloseRef.current();
        }}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title fs-5" id={titleId}>
                {title}
              </h2>
              <button
                type="button"
                className="btn-close"
                aria-label={t`Close`}
                onClick={() => onCloseRef.current()}
              />
            </div>
            {children && <div className="modal-body">{children}</div>}
            {actions && <div className="modal-footer">{actions}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>,
    document.body,
  );
}
