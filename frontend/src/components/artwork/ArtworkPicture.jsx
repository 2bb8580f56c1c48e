import "./artwork.css";

/*
 * A piece's photo as the server hands it (artwork.files.picture_sources): its WebP copies as a
 * srcset, the box fixed by its width and height so nothing moves as it arrives, and fetched only
 * when it comes near the screen. `sizes` overrides the server's (a thumbnail's fixed width).
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
      className={`artwork-picture ${className}`}
    />
  );
}
