import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/*
 * After each move to another page (not the first load, where the browser starts at the top),
 * focus goes to the new page's main heading, or to `main` itself when it has none, and the new
 * title is given to a polite live region for screen readers. Without this, focus stays on the
 * link that was pressed, or falls to the page body once that link is gone. A layout that first
 * appears because of a move (a link from the public pages into the dashboard) counts it too:
 * only the browser's own load (a POP) is left alone.
 */
export function useRouteFocus(mainRef) {
  const { pathname } = useLocation();
  const firstPath = useRef(useNavigationType() === "POP" ? pathname : null);
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
