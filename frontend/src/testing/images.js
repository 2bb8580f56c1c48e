/*
 * A picture below the fold as the pages should draw it: its box reserved by width and height
 * (no layout shift when it arrives), downloaded only when scrolled near, decoded off the main
 * thread.
 */
export function expectSizedLazyImage(image) {
  expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
  expect(Number(image.getAttribute("height"))).toBeGreaterThan(0);
  expect(image).toHaveAttribute("loading", "lazy");
  expect(image).toHaveAttribute("decoding", "async");
}
