import { startTransition, useEffect, useState } from "react";

import { useHydrating } from "../lib/hydrating";

/*
 * How many of `total` things to draw: `first` with the page, then `step` more after each paint
 * until all are drawn. Long lists arrive in short tasks, so a phone paints the first screen
 * sooner and still answers a tap while the rest are drawn. Each step is a transition, which React
 * draws in slices of a few milliseconds rather than one task. A page the server drew carries
 * every one of them (crawlers and a browser without scripts read them all), so taking it over
 * starts from all of them too.
 */
export function useProgressiveCount(total, first, step) {
  const hydrating = useHydrating();
  const [count, setCount] = useState(hydrating ? total : first);
  useEffect(() => {
    // Effects run after the paint of the render that scheduled them.
    if (count < total) startTransition(() => setCount(count + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
