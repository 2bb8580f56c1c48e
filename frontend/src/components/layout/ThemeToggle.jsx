import { useState } from "react";
import { t } from "ttag";

import { useHydrating } from "../../lib/hydrating";

// templates/index.html reads the same key before the first paint; keep the two in step.
export const THEME_STORAGE_KEY = "theme";
const THEMES = ["light", "dark"];

function isTheme(value) {
  return THEMES.includes(value);
}

// The page attribute is what is on screen; storage is the fallback when the attribute is missing.
function currentTheme() {
  const applied = document.documentElement.getAttribute("data-bs-theme");
  if (isTheme(applied)) return applied;
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (isTheme(stored)) return stored;
  } catch {
    // Storage can be blocked; the default theme still applies.
  }
  return "light";
}

function applyTheme(theme) {
  document.documentElement.setAttribute("data-bs-theme", theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Blocked storage only means the choice is forgotten on the next visit.
  }
}

function SunIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <circle cx="8" cy="8" r="3.2" />
      <path
        d="M8 0.8v2M8 13.2v2M0.8 8h2M13.2 8h2M2.9 2.9l1.4 1.4M11.7 11.7l1.4 1.4M2.9 13.1l1.4-1.4M11.7 4.3l1.4-1.4"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M6.2 1.1a6.9 6.9 0 1 0 8.7 8.7A5.6 5.6 0 0 1 6.2 1.1z" />
    </svg>
  );
}

export function ThemeToggle() {
  // The server knows no stored theme and draws the light one's button; the page's head script
  // has already applied the stored theme, which the button shows once the page is taken over.
  const hydrating = useHydrating();
  const [chosen, setTheme] = useState(null);
  const theme = hydrating ? "light" : (chosen ?? currentTheme());
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t`Switch to dark theme` : t`Switch to light theme`;

  function toggle() {
    applyTheme(next);
    setTheme(next);
  }

  return (
    <button
      type="button"
      className="btn btn-outline-secondary d-inline-flex align-items-center"
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
