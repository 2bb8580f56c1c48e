/*
 * A button that is off says why rather than only looking paler: its words name the state
 * ("Registration closed", "Enrolled") and `describedBy` points at the reason beside it. An off
 * button stays focusable (aria-disabled, not disabled) so keyboard and screen-reader users can
 * reach it and hear the reason; pressing it then does nothing.
 */
export function SelectButton({ off, describedBy, onPress, className, autoFocus, children }) {
  return (
    <button
      type="button"
      className={off ? `${className} disabled` : className}
      aria-disabled={off ? "true" : undefined}
      aria-describedby={describedBy || undefined}
      autoFocus={autoFocus}
      onClick={off ? undefined : onPress}
    >
      {children}
    </button>
  );
}
