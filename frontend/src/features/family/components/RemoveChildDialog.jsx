import { t } from "ttag";

import { ConfirmRemoveDialog } from "../../../components/ui/ConfirmRemoveDialog";
import { participantName } from "./participantName";

// Asks before a child leaves the family; the server refuses while they hold a class.
export function RemoveChildDialog({ participant, busy, onConfirm, onClose }) {
  const name = participantName(participant);
  return (
    <ConfirmRemoveDialog
      title={t`Remove ${name} from your family?`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="mb-0">
        {t`Their date of birth, notes and emergency contact are deleted. A child with a selected or enrolled class cannot be removed.`}
      </p>
    </ConfirmRemoveDialog>
  );
}
