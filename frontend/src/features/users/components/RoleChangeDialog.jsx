import { t } from "ttag";

import { Dialog } from "../../../components/ui/Dialog";

// What each role lets a person do, so the admin knows what they are about to give.
const ROLE_WORDS = {
  admin: { name: t`an admin`, can: t`They will manage every user and review every class.` },
  instructor: { name: t`an instructor`, can: t`They will add classes and update their own.` },
  student: { name: t`a student`, can: t`They will select and pay for classes.` },
};

export function roleName(role) {
  return ROLE_WORDS[role]?.name ?? role;
}

export function personName(user) {
  return user.name || user.email;
}

/*
 * Asks before a role changes, naming the person and the new role. The action is off while
 * `busy`, so a second press cannot send a second request.
 */
export function RoleChangeDialog({ user, role, actionLabel, busy, onConfirm, onClose }) {
  const person = personName(user);
  const newRole = roleName(role);
  const currentRole = roleName(user.role);
  return (
    <Dialog
      title={t`Make ${person} ${newRole}?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
            {busy ? t`Saving…` : actionLabel}
          </button>
        </>
      }
    >
      <p className="text-break">{t`${person} (${user.email}) is ${currentRole} now.`}</p>
      <p className="mb-0">{ROLE_WORDS[role]?.can}</p>
    </Dialog>
  );
}
