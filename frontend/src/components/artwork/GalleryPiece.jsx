import { Link } from "react-router-dom";

import { paths } from "../../config/paths";

/*
 * A piece's photo: the copies the server names (`picture`: src, srcset, sizes, width, height),
 * the one the box's width needs downloaded, and only once it nears the screen. `sizes` is how
 * wide the box is shown, when not the server's grid of pieces.
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

const namesList = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

// "Ada", "Ada and Noa", "Ada, Noa, and Sam": the children who made a piece, first names only.
export function makersOf(firstNames) {
  return namesList.format(firstNames);
}

/*
 * One piece of the public gallery: its photo, its title, who made it, and its class's page
 * unless the piece is shown there already.
 */
export function GalleryPiece({ piece, showClass = true, sizes }) {
  const { picture } = piece;
  const title = piece.title || "Untitled";
  return (
    <figure className="mb-0">
      <ArtworkPicture
        picture={picture}
        sizes={sizes}
        alt={`Photo of ${title}`}
        className="rounded-3 shadow-sm"
      />
      <figcaption className="mt-2">
        <span className="d-block fw-semibold">{title}</span>
        <span className="d-block">by {makersOf(piece.firstNames)}</span>
        {showClass && (
          <Link className="small" to={paths.classPage(piece.classId)}>
            {piece.className}
          </Link>
        )}
      </figcaption>
    </figure>
  );
}
