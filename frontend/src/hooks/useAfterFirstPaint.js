import { useProgressiveCount } from "./useProgressiveCount";

/*
 * False as a page first renders, true once the browser has painted that render. What lies below
 * the fold waits for it, so a phone draws the first screen in a shorter task and shows it sooner.
 */
export function useAfterFirstPaint() {
  return useProgressiveCount(1, 0, 1) === 1;
}
