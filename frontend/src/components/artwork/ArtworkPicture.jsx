/*
 * A piece's photo: the copies the server names (`picture`: src, srcset, sizes, width, height;
 * artwork.files.picture_sources), the one the box's width needs downloaded, and only once it
 * nears the screen; the box keeps the photo's shape, so nothing moves as it arrives. `sizes` is
 * how wide the box is shown, when not the server's grid of pieces (a thumbnail's fixed width).
 * It brings no stylesheet: the class page shows it in a chunk that may carry none.
 */
export function ArtworkPicture({ picture, alt, sizes, className = "" }) {
  return (
    <img
      src={picture.src}
      srcSet={picture.srcset || undefined}
      sizes={picture.srcset ? (sizes ?? picture.sizes) : undefined}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`picture picture-fluid ${className}`}
      style={{ aspectRatio: `${picture.width} / ${picture.height}` }}
    />
  );
}
