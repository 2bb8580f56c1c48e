import { t } from "ttag";

import { ConfirmRemoveDialog } from "../../../components/ui/ConfirmRemoveDialog";

// Which selection: the class, and for whom when the family's selections are for several people
// (siblings may share a class); a family of one reads the spec's words.
function selectionName(selection, forSeveral) {
  const { nameClass, participantName } = selection;
  return forSeveral && participantName ? t`${nameClass} for ${participantName}` : nameClass;
}

// Asks before a selection is dropped; the class can be selected again later if seats remain.
export function RemoveSelectionDialog({ selection, forSeveral, busy, onConfirm, onClose }) {
  const name = selectionName(selection, forSeveral);
  return (
    <ConfirmRemoveDialog
      title={t`Remove ${name} from your selected classes?`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
