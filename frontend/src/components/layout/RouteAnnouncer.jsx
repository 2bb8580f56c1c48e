// Reads the new page's title to screen readers after a move (hooks/useRouteFocus.js).
export function RouteAnnouncer({ announcement }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
