import { Dialog } from "../../../components/ui/Dialog";

// What each role lets a person do, so the admin knows what they are about to give.
const ROLE_WORDS = {
  admin: { name: "an admin", can: "They will manage every user and review every class." },
  instructor: { name: "an instructor", can: "They will add classes and update their own." },
  student: { name: "a student", can: "They will select and pay for classes." },
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
  return (
    <Dialog
      title={`Make ${person} ${roleName(role)}?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
            {busy ? "Saving…" : actionLabel}
          </button>
        </>
      }
    >
      <p className="text-break">
        {person} ({user.email}) is {roleName(user.role)} now.
      </p>
      <p className="mb-0">{ROLE_WORDS[role]?.can}</p>
    </Dialog>
  );
}
