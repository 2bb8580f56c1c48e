import { useEffect, useState } from "react";

// `value` once it has stayed the same for `delay` ms: a search asks the server once a person
// pauses typing, not at every key.
export function useDebouncedValue(value, delay) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, settled]);
  return settled;
}
