import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

/*
 * Renders `ui` into a fresh element of the page without testing-library's act(), which runs the
 * effects before it returns: the test sees the first render as the browser paints it, then
 * what the effects bring after. `done()` unmounts it and removes the element. React is told the
 * render is outside act on purpose, so it schedules the effects as a browser would and does not
 * warn.
 */
export function renderBeforeEffects(ui) {
  const actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  // React renders a root's first frame in a task of its own; the test reads it at once.
  flushSync(() => root.render(ui));
  return {
    container,
    done: () => {
      root.unmount();
      container.remove();
      globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    },
  };
}
