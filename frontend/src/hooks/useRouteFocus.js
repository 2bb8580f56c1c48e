import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/*
 * After each move to another page (not the first load, where the browser starts at the top),
 * focus goes to the new page's main heading, or to `main` itself when it has none, and the new
 * title is given to a polite live region for screen readers. Without this, focus stays on the
 * link that was pressed, or falls to the page body once that link is gone.
 */
export function useRouteFocus(mainRef) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (pathname === firstPath.current) return undefined;
    firstPath.current = null;
    // After the page's own effects: its title is set and its heading drawn.
    const frame = requestAnimationFrame(() => {
      const main = mainRef.current;
      if (!main) return;
      const heading = main.querySelector("h1");
      if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      (heading ?? main).focus({ preventScroll: true });
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainRef]);

  return announcement;
}
