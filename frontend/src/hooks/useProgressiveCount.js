import { startTransition, useEffect, useState } from "react";

/*
 * How many of `total` things to draw: `first` with the page, then `step` more after each paint
 * until all are drawn. Long lists arrive in short tasks, so a phone paints the first screen
 * sooner and still answers a tap while the rest are drawn. Each step is a transition, which React
 * draws in slices of a few milliseconds rather than one task.
 */
export function useProgressiveCount(total, first, step) {
  const [count, setCount] = useState(first);
  useEffect(() => {
    // Effects run after the paint of the render that scheduled them.
    if (count < total) startTransition(() => setCount(count + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
