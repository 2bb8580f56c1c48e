import { useEffect, useRef } from "react";
import { t } from "ttag";

// Success pop-ups close by themselves after this long (spec: 1500 ms).
export const POPUP_DURATION_MS = 1500;

/*
 * A pop-up message in the corner of the screen. The live region stays mounted while empty so
 * screen readers announce the message when it appears. variant "warning" is for news that went
 * through but is not good news (a class denied).
 */
export function Toast({ message, onClose, duration = POPUP_DURATION_MS, variant = "success" }) {
  // The latest onClose, so a parent re-rendering does not restart the timer.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), duration);
    return () => clearTimeout(timer);
  }, [message, duration]);

  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" role="status">
      {message && (
        <div className={`toast show align-items-center text-bg-${variant} border-0`}>
          <div className="d-flex">
            <div className="toast-body">{message}</div>
            <button
              type="button"
              // Dark text on the yellow warning, white on the green success.
              className={`btn-close${variant === "warning" ? "" : " btn-close-white"} me-2 m-auto`}
              aria-label={t`Close`}
              onClick={() => onCloseRef.current()}
            />
          </div>
        </div>
      )}
    </div>
  );
}
