import { Link } from "react-router-dom";
import { t } from "ttag";

import { useClassGallery } from "../../../api/gallery";
import { GalleryPiece } from "../../../components/artwork/GalleryPiece";
import { paths } from "../../../config/paths";

// Each piece of the strip is this wide, whatever the screen.
const PIECE_WIDTH = 192;

/*
 * A class's page: the pieces made in it that the public may see, newest first, in a strip that
 * scrolls sideways. Nothing at all while there are none (or they could not be loaded): the page
 * is about the class. Loaded after the page has been painted, in the gallery page's chunk (one
 * chunk less for every page's first load to name); React.lazy takes it as the default export.
 */
export default function ClassGallery({ classId }) {
  const { data } = useClassGallery(classId);
  if (!data?.items.length) return null;
  return (
    <section className="mt-5" aria-labelledby="class-gallery-heading">
      <h2 id="class-gallery-heading" className="h4">
        {t`Made in this class`}
      </h2>
      {/* Focusable, so that a keyboard scrolls it too. */}
      <ul
        className="list-unstyled d-flex gap-3 pb-2 mb-2"
        style={{ overflowX: "auto" }}
        aria-labelledby="class-gallery-heading"
        tabIndex={0}
      >
        {data.items.map((piece) => (
          <li key={piece.id} className="flex-shrink-0" style={{ width: PIECE_WIDTH }}>
            <GalleryPiece piece={piece} showClass={false} sizes={`${PIECE_WIDTH}px`} />
          </li>
        ))}
      </ul>
      {data.total > data.items.length && (
        <Link to={paths.gallery}>{t`See more in the gallery`}</Link>
      )}
    </section>
  );
}
