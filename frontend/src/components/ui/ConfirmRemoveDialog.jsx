import { t } from "ttag";

import { Dialog } from "./Dialog";

/*
 * Asks before something is removed (or withdrawn: `confirmLabel`, `busyLabel`): `title` says
 * what, the children say what follows. The action is off while `busy`, so a second press cannot
 * send a second request.
 */
export function ConfirmRemoveDialog({
  title,
  busy,
  onConfirm,
  onClose,
  children,
  confirmLabel = t`Remove`,
  busyLabel = t`Removing…`,
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
