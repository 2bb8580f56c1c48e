// A JSON block the server put in the page, by its id; {} when there is none. Drawing the page on
// the server (src/server.jsx), there is no page yet: the server hands the blocks over itself.
export function readPageJson(id) {
  if (typeof document === "undefined") return globalThis.campPageJson?.[id] ?? {};
  const element = document.getElementById(id);
  if (!element) return {};
  try {
    return JSON.parse(element.textContent);
  } catch {
    return {};
  }
}

const defaults = { apiBase: "/api", siteName: "Camp" };

// The server hands the page its configuration as one JSON block; read it once.
export const config = { ...defaults, ...readPageJson("camp-config") };

/*
 * The API's answers for this page's first screen, which the server put in the page
 * (camp/first_screen.py): `answers` by the data cache's keys, and `totals`, the list's size for a
 * key read page by page. Read once: the data cache starts from them.
 */
export const firstScreen = readPageJson("first-screen");
