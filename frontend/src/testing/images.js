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

/*
 * A picture in view when its grid arrives: its box reserved, downloaded at once rather than
 * when the lazy loader gets to it; `high` for the page's largest paint, fetched ahead of the rest.
 */
export function expectSizedEagerImage(image, { high = false } = {}) {
  expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
  expect(Number(image.getAttribute("height"))).toBeGreaterThan(0);
  expect(image).toHaveAttribute("loading", "eager");
  expect(image).toHaveAttribute("decoding", "async");
  if (high) expect(image).toHaveAttribute("fetchpriority", "high");
  else expect(image).not.toHaveAttribute("fetchpriority");
}
