import { createRoot } from "react-dom/client";

/*
 * Renders `ui` into a fresh element of the page without testing-library's act(), which runs the
 * effects before it returns: the test sees the first render as the browser paints it, then
 * what the effects bring after. `done()` unmounts it and removes the element.
 */
export function renderBeforeEffects(ui) {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  root.render(ui);
  return {
    container,
    done: () => {
      root.unmount();
      container.remove();
    },
  };
}
