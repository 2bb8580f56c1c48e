import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/*
 * Where each visited page was scrolled to, by history entry: a move to a new page starts at its
 * top (or at the #part its link names), and Back, Forward or a reload return to where the person
 * was. The browser's own restoration is turned off: it would scroll before the page is drawn.
 * The positions outlive a reload in the tab's session storage.
 */
const STORAGE_KEY = "camp-scroll-positions";
const positions = readStoredPositions();

function readStoredPositions() {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY)) ?? {}));
  } catch {
    return new Map();
  }
}

function storePositions() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // A full or refused storage only costs the position after a reload.
  }
}

export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    window.addEventListener("pagehide", storePositions);
    return () => window.removeEventListener("pagehide", storePositions);
  }, []);

  // The position is written down as the person scrolls, so it is the page's own when they leave.
  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [key]);

  useLayoutEffect(() => {
    if (action === "POP" && positions.has(key)) {
      window.scrollTo(0, positions.get(key));
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (action !== "POP") {
      window.scrollTo(0, 0);
    }
  }, [key, hash, action]);
}
