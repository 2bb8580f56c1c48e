import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { c, jt, t } from "ttag";

import { useArtworkApproval, useArtworksForReview } from "../../../api/gallery";
import { ArtworkPicture } from "../../../components/artwork/ArtworkPicture";
import { makersOf } from "../../../components/artwork/artworkWords";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatDate } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useNotify } from "../../../lib/notices";

// Whether the public sees an approved piece, and if not, why not.
function shownNote(piece) {
  if (piece.inGallery) return t`In the gallery.`;
  if (piece.participants.length === 0) return t`Not shown: no child is tagged on it yet.`;
  return t`Not shown: a child tagged on it has no photo consent.`;
}

function ReviewedPiece({ piece, approving, onApproval }) {
  const { picture } = piece;
  const title = piece.title || t`Untitled`;
  const names = piece.participants.map((child) => child.firstName);
  const makers = makersOf(names);
  const approved = piece.approvedAt !== null;
  const classLink = (
    <Link key="class" to={paths.classPage(piece.classId)}>
      {piece.className}
    </Link>
  );
  const takenOn = formatDate(piece.takenOn);
  return (
    <article className="card h-100" aria-labelledby={`artwork-${piece.id}-title`}>
      <ArtworkPicture picture={picture} alt={t`Photo of ${title}`} className="card-img-top" />
      <div className="card-body">
        <h2 id={`artwork-${piece.id}-title`} className="h6 card-title mb-1">
          {title}
        </h2>
        <p className="mb-1">{names.length > 0 ? t`by ${makers}` : t`No child tagged`}</p>
        <p className="small text-body-secondary mb-1">
          {jt`${classLink}, photographed ${takenOn}`}
        </p>
        {approved && <p className="small fw-semibold mb-0">{shownNote(piece)}</p>}
      </div>
      <div className="card-footer bg-transparent border-0 pt-0">
        <button
          type="button"
          className={`btn btn-sm ${approved ? "btn-outline-danger" : "btn-primary"}`}
          disabled={approving}
          onClick={() => onApproval(piece, !approved)}
        >
          {approved ? t`Withdraw` : t`Approve`}
          <span className="visually-hidden">{` ${title}`}</span>
        </button>
      </div>
    </article>
  );
}

/*
 * Admins: children's artwork for the public gallery. The pieces waiting for approval (newest
 * first), or those approved (`?show=approved`), each approved or withdrawn with one press; an
 * approved piece shows only while every child tagged on it has photo consent, and says so.
 */
export function ArtworkPage() {
  useTitle(t`Artwork`);
  const [params] = useSearchParams();
  const showApproved = params.get("show") === "approved";
  const { data, error } = useArtworksForReview(showApproved);
  const setApproval = useArtworkApproval();
  const notify = useNotify();
  const [approving, setApproving] = useState(null);
  const [failure, setFailure] = useState("");

  async function handleApproval(piece, approved) {
    const title = piece.title || t`The piece`;
    setApproving(piece.id);
    setFailure("");
    try {
      await setApproval(piece.id, approved);
      notify(approved ? t`${title} is approved for the gallery.` : t`${title} left the gallery.`);
    } catch (refused) {
      setFailure(refused.message);
    } finally {
      setApproving(null);
    }
  }

  return (
    <section aria-labelledby="artwork-heading">
      <h1 id="artwork-heading" className="h2 mb-3">
        {t`Artwork`}
      </h1>
      <p>
        {t`Pieces the instructors photographed at their classes. Approve a piece for the public gallery: it shows there, with the children's first names, while every child tagged on it has photo consent on their care record.`}
      </p>
      <nav aria-label={t`Which pieces`} className="mb-3">
        <ul className="nav nav-pills">
          {[
            [false, t`Waiting`],
            [true, c("pieces shown").t`Approved`],
          ].map(([approved, label]) => (
            <li className="nav-item" key={label}>
              <Link
                to={{ search: approved ? "?show=approved" : "" }}
                className={`nav-link${approved === showApproved ? " active" : ""}`}
                aria-current={approved === showApproved ? "page" : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={data}
        error={error}
        loadingLabel={t`Loading the pieces…`}
        errorTitle={t`The pieces could not be loaded.`}
        emptyMessage={showApproved ? t`No piece is approved yet.` : t`No piece is waiting.`}
      >
        {(pieces) => (
          <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled">
            {pieces.map((piece) => (
              <li className="col" key={piece.id}>
                <ReviewedPiece
                  piece={piece}
                  approving={approving === piece.id}
                  onApproval={handleApproval}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryResult>
    </section>
  );
}
