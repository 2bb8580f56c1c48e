import { Link, useSearchParams } from "react-router-dom";
import { t } from "ttag";

import { GALLERY_PAGE_SIZE, useGalleryPage } from "../../../api/gallery";
import { GalleryPiece } from "../../../components/artwork/GalleryPiece";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";

// The page asked for by the address (`?page=2`); anything else is the first.
function pageOf(params) {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function pageSearch(page) {
  return page > 1 ? `?page=${page}` : "";
}

function Pages({ page, total }) {
  const last = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  if (last === 1) return null;
  return (
    <nav aria-label={t`Gallery pages`} className="d-flex align-items-center gap-3 mt-4">
      {page > 1 && (
        <Link className="btn btn-outline-primary" to={{ search: pageSearch(page - 1) }}>
          {t`Newer pieces`}
        </Link>
      )}
      <span>{t`Page ${page} of ${last}`}</span>
      {page < last && (
        <Link className="btn btn-outline-primary" to={{ search: pageSearch(page + 1) }}>
          {t`Older pieces`}
        </Link>
      )}
    </nav>
  );
}

/*
 * /gallery: what the children made at camp, newest first, a page at a time (`?page=`). A piece
 * is here only once the school approved it and while every child who made it has photo
 * consent; each shows their first names alone.
 */
export function GalleryPage() {
  useTitle(t`Gallery`);
  const [params] = useSearchParams();
  const page = pageOf(params);
  const { data, error } = useGalleryPage(page);

  return (
    <div className="container py-5">
      <h1 className="mb-2">{t`Gallery`}</h1>
      <p className="lead text-body-secondary mb-4">
        {t`Pots, paintings and prints made by the children at camp, shown with their families' consent.`}
      </p>
      <QueryResult
        data={data?.items}
        error={error}
        loadingLabel={t`Loading the gallery…`}
        errorTitle={t`The gallery could not be loaded.`}
        emptyMessage={t`No artwork is on show yet.`}
      >
        {(pieces) => (
          <>
            <ul className="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-0">
              {pieces.map((piece) => (
                <li className="col" key={piece.id}>
                  <GalleryPiece piece={piece} />
                </li>
              ))}
            </ul>
            <Pages page={page} total={data.total ?? pieces.length} />
          </>
        )}
      </QueryResult>
    </div>
  );
}
