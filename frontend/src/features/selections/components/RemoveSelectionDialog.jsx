import { Dialog } from "../../../components/ui/Dialog";

// Asks before a selection is dropped; the class can be selected again later if seats remain.
export function RemoveSelectionDialog({ selection, busy, onConfirm, onClose }) {
  return (
    <Dialog
      title={`Remove ${selection.nameClass} from your selected classes?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
            {busy ? "Removing…" : "Remove"}
          </button>
        </>
      }
    />
  );
}
