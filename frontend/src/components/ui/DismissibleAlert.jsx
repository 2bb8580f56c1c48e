// A refusal or failure the user should read, announced at once and closed when read.
export function DismissibleAlert({ message, onClose }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger alert-dismissible" role="alert">
      {message}
      <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
    </div>
  );
}
