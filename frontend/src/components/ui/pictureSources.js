import pictures from "./pictures.json";

// Where a picture is shown -> how wide it is at each breakpoint (an <img>'s `sizes`). The server
// preloads a page's first picture with the same file (core/pictures.py), so both name one copy.
export const PICTURE_SIZES = pictures.sizes;

const LARGEST_COPY = /-(\d+)w\.webp$/;

/*
 * The srcset of a picture that comes with smaller WebP copies: its address names its largest
 * (`pottery-1280w.webp`), and the copies at each smaller width of the ladder sit beside it.
 * Undefined for any other address (an upload, a picture elsewhere on the web): one file.
 */
export function srcSetOf(src) {
  const match = LARGEST_COPY.exec(src ?? "");
  const largest = Number(match?.[1]);
  if (!pictures.widths.includes(largest)) return undefined;
  const stem = src.slice(0, match.index);
  return pictures.widths
    .filter((width) => width <= largest)
    .map((width) => `${stem}-${width}w.webp ${width}w`)
    .join(", ");
}
