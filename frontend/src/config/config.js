// The server hands the page its configuration as one JSON block; read it once.
function readConfig() {
  const element = typeof document !== "undefined" && document.getElementById("camp-config");
  if (!element) return {};
  try {
    return JSON.parse(element.textContent);
  } catch {
    return {};
  }
}

const defaults = { apiBase: "/api", siteName: "Camp" };

export const config = { ...defaults, ...readConfig() };
