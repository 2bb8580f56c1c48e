import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

import "@fontsource/bricolage-grotesque/latin-700.css";
import "./app/theme.scss";
import "./app/app.css";
// The class and instructor pages' long names: small, and in the first stylesheet rather than a
// second one their page head would have to wait for before its first paint.
import "./components/ui/long-text.css";
import { App } from "./app/App";
import { preloadRoute } from "./app/router";

/*
 * A public page arrives with its first screen drawn by the server (camp/server_render.py): React
 * takes that HTML over where it stands (hydration), so nothing on screen is drawn again or moves.
 * Any other page arrives empty and the app draws it. Either way as a transition: React works in
 * slices of a few milliseconds and lets the phone handle input between them, where one plain
 * render is one long task (Lighthouse's total blocking time counted 225 to 270 ms of it on a
 * throttled phone).
 */
// HTML the app could not take over as it stood is drawn again by the app: the page still works,
// but it moved, so the console says why.
function reportTakeoverFailure(error, { componentStack }) {
  console.error("The server's HTML was drawn again:", error, componentStack);
}

const container = document.getElementById("root");
if (container.firstElementChild) {
  preloadRoute(window.location.pathname).finally(() => {
    // From here React answers a press on any part, hydrating that part first if it must.
    document.documentElement.classList.remove("app-loading");
    startTransition(() => {
      hydrateRoot(container, <App takingOver />, { onRecoverableError: reportTakeoverFailure });
    });
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
}
