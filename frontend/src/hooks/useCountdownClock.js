import { useEffect, useRef, useState } from "react";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/*
 * The milliseconds until a countdown's words next change, `left` ms before its moment, or null
 * once it has come. Countdowns speak in whole minutes, rounded up, until the last minute, then in
 * whole seconds: their words change only on those marks before the moment.
 */
export function nextChangeIn(left) {
  if (!(left > 0)) return null;
  if (left > MINUTE) return left % MINUTE || MINUTE;
  return left % SECOND || SECOND;
}

// The moments as one string: the same moments in a new array are not a change.
function momentsKey(moments) {
  return [...new Set(moments ?? [])].sort().join(" ");
}

/*
 * One clock for every countdown on a page, to `moments` (ISO 8601 times from the server): the
 * time now (ms), moved on only when a countdown's words change, so once a minute while the
 * moments are far and each second in the last minute before one. A page of many cards keeps one
 * timer, not one a card. `onReached()` is called when a moment comes, and at once for one
 * already past (an answer read before it); once for each moment. Each step is worked out from
 * the clock, not counted, so a tab left in the background is right when it comes back.
 */
export function useCountdownClock(moments, onReached) {
  const watched = momentsKey(moments);
  const [now, setNow] = useState(Date.now);
  const [shownFor, setShownFor] = useState(watched);
  if (shownFor !== watched) {
    setShownFor(watched);
    setNow(Date.now());
  }
  const reached = useRef(new Set());
  const onReachedNow = useRef(onReached);
  useEffect(() => {
    onReachedNow.current = onReached;
  });

  useEffect(() => {
    const times = watched
      .split(" ")
      .map(Date.parse)
      .filter((time) => !Number.isNaN(time));
    let timer;
    function step(at) {
      const come = times.filter((time) => time <= at && !reached.current.has(time));
      if (come.length > 0) {
        come.forEach((time) => reached.current.add(time));
        onReachedNow.current?.();
      }
      const waits = times.map((time) => nextChangeIn(time - at)).filter((wait) => wait !== null);
      if (waits.length === 0) return;
      timer = setTimeout(
        () => {
          const later = Date.now();
          setNow(later);
          step(later);
        },
        Math.min(...waits),
      );
    }
    step(Date.now());
    return () => clearTimeout(timer);
  }, [watched]);

  return now;
}
