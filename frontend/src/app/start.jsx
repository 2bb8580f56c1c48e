import { startTransition } from "react";

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

/*
 * The start in tasks of its own, each after a pause in which the phone may handle input: React's
 * renderer, then the app's modules, then the route's module (a drawn page), then the take-over.
 * Set up all at once as the script ran, they were one task of 140 to 215 ms on a throttled phone,
 * most of a drawn page's total blocking time. The modules are in this script all the same
 * (webpackMode "eager"): no request more, only their setting up is put off.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

export async function start(container) {
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ "react-dom/client");
  await nextTask();
  const [{ App }, { preloadRoute }] = await Promise.all([
    import(/* webpackMode: "eager" */ "./App"),
    import(/* webpackMode: "eager" */ "./router"),
  ]);
  if (!container.firstElementChild) {
    const root = createRoot(container);
    startTransition(() => root.render(<App />));
    return;
  }
  await nextTask();
  await preloadRoute(window.location.pathname).catch(() => {});
  await nextTask();
  // From here React answers a press on any part, hydrating that part first if it must.
  document.documentElement.classList.remove("app-loading");
  startTransition(() => {
    hydrateRoot(container, <App takingOver />, { onRecoverableError: reportTakeoverFailure });
  });
}
