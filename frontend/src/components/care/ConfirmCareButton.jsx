import { useState } from "react";
import { t } from "ttag";

import { useConfirmCareRecord } from "../../api/care";

/*
 * "Still correct": confirms a child's care record as it was last saved, no change made. The
 * server's refusal (a record never saved) shows under the button; the confirmed record goes to
 * `onConfirmed`. `describedBy` ties the button to the sentence that says what it confirms.
 */
export function ConfirmCareButton({ participantId, onConfirmed, describedBy, primary = true }) {
  const confirm = useConfirmCareRecord();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  async function press() {
    if (busy) return;
    setBusy(true);
    setFailure("");
    try {
      const record = await confirm(participantId);
      onConfirmed?.(record);
    } catch (confirmError) {
      setFailure(confirmError.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        className={`btn ${primary ? "btn-primary" : "btn-outline-primary"}`}
        // Not disabled while it is sent: a disabled button would drop the keyboard focus.
        aria-disabled={busy}
        aria-describedby={describedBy}
        onClick={press}
      >
        {busy ? t`Confirming…` : t`Still correct`}
      </button>
      {failure && (
        <p className="text-danger-emphasis fw-semibold mt-2 mb-0" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
