import { useEffect, useState } from "react";

/*
 * False as a page first renders, true once the browser has painted that render (effects run
 * after the paint). What lies below the fold waits for it, so a phone draws the first screen in
 * a shorter task and shows it sooner.
 */
export function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted;
}
