// A spinner with a label that screen readers announce while data is on its way.
export function Loading({ label = "Loading…" }) {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
