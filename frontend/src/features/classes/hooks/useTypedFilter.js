import { useCallback, useEffect, useRef, useState } from "react";

import { cleanFilter } from "../components/classFilters";

// Long enough for a word to be typed without a request for each letter.
export const TYPING_DELAY_MS = 300;

/*
 * The text of a filter box whose value reaches the address once the typing pauses. `value` is
 * the filter as the address has it; `commit(text)` writes it there. The box follows the address
 * when something else changes it (Back, Clear filters, a shared link), and not when its own
 * write lands, which would undo letters typed in the meantime.
 */
export function useTypedFilter(name, value, commit) {
  const [text, setText] = useState(value);
  // The filter as this box last wrote it (cleaned, as the address will hold it).
  const written = useRef(value);
  const timer = useRef(null);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const write = useCallback(
    (nextText) => {
      clearTimeout(timer.current);
      written.current = cleanFilter(name, nextText);
      latestCommit.current(nextText);
    },
    [name],
  );

  function change(nextText) {
    setText(nextText);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(nextText), TYPING_DELAY_MS);
  }

  // Enter: no need to wait for the pause.
  function flush() {
    write(text);
  }

  return { text, change, flush };
}
