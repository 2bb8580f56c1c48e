import { useEffect, useRef, useState } from "react";
import { t } from "ttag";

// Long enough to read the message and reach Undo; it waits while the pointer or focus is on it.
export const UNDO_WINDOW_MS = 10000;

/*
 * A message in the corner with an Undo button, for a change that can be taken back. It closes
 * by itself after `duration`, never while someone is pointing at it or has focus in it (WCAG
 * 2.2.1), and takes the focus when it opens so a keyboard user can undo at once. The live
 * region stays mounted while empty so screen readers announce the message when it appears.
 */
export function UndoToast({ message, onUndo, onClose, busy, duration = UNDO_WINDOW_MS }) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const undoRef = useRef(null);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = held.pointer || held.focus;

  // Only a new message takes the focus, not a parent's new handler.
  const canUndo = Boolean(onUndo);
  useEffect(() => {
    if (message && canUndo) undoRef.current?.focus();
  }, [message, canUndo]);

  useEffect(() => {
    if (!message || paused) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), duration);
    return () => clearTimeout(timer);
  }, [message, paused, duration]);

  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" role="status">
      {message && (
        <div
          className="toast show align-items-center text-bg-success border-0"
          onMouseEnter={() => setHeld((was) => ({ ...was, pointer: true }))}
          onMouseLeave={() => setHeld((was) => ({ ...was, pointer: false }))}
          onFocus={() => setHeld((was) => ({ ...was, focus: true }))}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget))
              setHeld((was) => ({ ...was, focus: false }));
          }}
        >
          <div className="d-flex align-items-center">
            <div className="toast-body text-break">{message}</div>
            {onUndo && (
              <button
                ref={undoRef}
                type="button"
                className="btn btn-sm btn-light ms-auto flex-shrink-0"
                disabled={busy}
                onClick={onUndo}
              >
                {busy ? t`Undoing…` : t`Undo`}
              </button>
            )}
            <button
              type="button"
              className="btn-close btn-close-white mx-2 flex-shrink-0"
              aria-label={t`Close`}
              onClick={() => onCloseRef.current()}
            />
          </div>
        </div>
      )}
    </div>
  );
}
