import { act } from "@testing-library/react";

/*
 * Waits for what the app puts off to the next frame (SWR revalidates a list it already holds in
 * a requestAnimationFrame after mounting; the lists below the fold wait for the first paint),
 * then for the promises that work starts. A check that something did not happen comes after
 * this, the signal that it would have by now, not after a guess at a number of milliseconds.
 */
export async function afterTheNextFrame() {
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  await act(async () => {});
}
