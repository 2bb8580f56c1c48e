import { waitFor } from "@testing-library/react";

import { renderBeforeEffects } from "../testing/renderBeforeEffects";
import { useAfterFirstPaint } from "./useAfterFirstPaint";

function Probe({ seen }) {
  seen.push(useAfterFirstPaint());
  return null;
}

test("the first render is drawn without what waits for its paint, which follows by itself", async () => {
  const seen = [];

  const probe = renderBeforeEffects(<Probe seen={seen} />);
  expect(seen).toEqual([false]);

  await waitFor(() => expect(seen).toEqual([false, true]));
  probe.done();
});
