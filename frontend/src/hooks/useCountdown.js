import { useEffect, useState } from "react";

function remainingUntil(deadline) {
  const end = Date.parse(deadline ?? "");
  return Number.isNaN(end) ? null : Math.max(0, end - Date.now());
}

/*
 * The milliseconds left until `deadline` (an ISO 8601 time from the server), 0 once it has
 * passed, null without one. It is worked out again each second from the clock, not counted
 * down, so a tab left in the background shows the true time when it comes back.
 */
export function useCountdown(deadline) {
  const [remaining, setRemaining] = useState(() => remainingUntil(deadline));
  const [shownFor, setShownFor] = useState(deadline);
  if (shownFor !== deadline) {
    setShownFor(deadline);
    setRemaining(remainingUntil(deadline));
  }

  useEffect(() => {
    if (!deadline || !(remainingUntil(deadline) > 0)) return undefined;
    const timer = setInterval(() => {
      const left = remainingUntil(deadline);
      setRemaining(left);
      if (!(left > 0)) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return remaining;
}

const pad = (number) => String(number).padStart(2, "0");

// "mm:ss", or "h:mm:ss" from an hour up; rounded up, so 0:00 shows only once time is up.
export function formatCountdown(milliseconds) {
  const totalSeconds = Math.ceil(Math.max(0, milliseconds) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
