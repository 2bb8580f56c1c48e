import { waitFor } from "@testing-library/react";
import { createRoot } from "react-dom/client";

import { useAfterFirstPaint } from "./useAfterFirstPaint";

function Probe({ seen }) {
  seen.push(useAfterFirstPaint());
  return null;
}

// Rendered without testing-library's act(), which would run the effects before returning.
test("the first render is drawn without what waits for its paint, which follows by itself", async () => {
  const seen = [];
  const container = document.createElement("div");

  const root = createRoot(container);
  root.render(<Probe seen={seen} />);
  expect(seen).toEqual([false]);

  await waitFor(() => expect(seen).toEqual([false, true]));
  root.unmount();
});
