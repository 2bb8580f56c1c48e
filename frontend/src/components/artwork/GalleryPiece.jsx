import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../config/paths";
import { ArtworkPicture } from "./ArtworkPicture";
import { makersOf } from "./artworkWords";

/*
 * One piece of the public gallery: its photo, its title, who made it, and its class's page
 * unless the piece is shown there already.
 */
export function GalleryPiece({ piece, showClass = true, sizes }) {
  const { picture } = piece;
  const title = piece.title || t`Untitled`;
  const makers = makersOf(piece.firstNames);
  return (
    <figure className="mb-0">
      <ArtworkPicture
        picture={picture}
        sizes={sizes}
        alt={t`Photo of ${title}`}
        className="rounded-3 shadow-sm"
      />
      <figcaption className="mt-2">
        <span className="d-block fw-semibold">{title}</span>
        <span className="d-block">{t`by ${makers}`}</span>
        {showClass && (
          <Link className="small" to={paths.classPage(piece.classId)}>
            {piece.className}
          </Link>
        )}
      </figcaption>
    </figure>
  );
}
