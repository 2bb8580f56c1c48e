import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { render, screen } from "@testing-library/react";

import { HydrationProvider, useHydrating } from "./hydrating";

function Said() {
  return <p>{useHydrating() ? "as the server drew it" : "as the browser knows it"}</p>;
}

test("drawn in the browser alone, a part shows what the browser knows", () => {
  render(<Said />);

  expect(screen.getByText("as the browser knows it")).toBeInTheDocument();
});

test("taken over from the server, a part first matches its HTML, then shows the browser's", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <HydrationProvider takingOver>
      <Said />
    </HydrationProvider>,
  );
  document.body.append(container);
  expect(container.textContent).toBe("as the server drew it");
  const errors = [];

  await act(async () => {
    hydrateRoot(
      container,
      <HydrationProvider takingOver>
        <Said />
      </HydrationProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });

  expect(container.textContent).toBe("as the browser knows it");
  expect(errors).toEqual([]);
  container.remove();
});
