import { t } from "ttag";

// A refusal or failure the user should read, announced at once and closed when read. With an
// `id`, a page can move the focus to it.
export function DismissibleAlert({ message, onClose, id }) {
  if (!message) return null;
  return (
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      className="alert alert-danger alert-dismissible"
      role="alert"
    >
      {message}
      <button type="button" className="btn-close" aria-label={t`Close`} onClick={onClose} />
    </div>
  );
}
