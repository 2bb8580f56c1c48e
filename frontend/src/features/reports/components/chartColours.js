import { useSyncExternalStore } from "react";

// The colours a series may take, each a custom property of .report-chart (reports.css).
export const TONES = ["primary", "info", "success", "secondary"];

// The theme toggle changes the page's attribute without a reload: the charts follow it.
function subscribe(onChange) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-bs-theme"],
  });
  return () => observer.disconnect();
}

function themeOnScreen() {
  return document.documentElement.getAttribute("data-bs-theme") || "light";
}

export function useThemeOnScreen() {
  return useSyncExternalStore(subscribe, themeOnScreen);
}

/*
 * The colours and face a chart draws with, as the theme on screen gives them to the chart's box:
 * a canvas is painted, not styled, so it cannot follow the CSS by itself.
 */
export function chartColours(element) {
  const style = window.getComputedStyle(element);
  const read = (name) => style.getPropertyValue(name).trim();
  return {
    text: read("--report-chart-text"),
    grid: read("--report-chart-grid"),
    font: style.fontFamily,
    tones: Object.fromEntries(TONES.map((tone) => [tone, read(`--report-chart-${tone}`)])),
  };
}
