import { useId, useRef, useState } from "react";
import { t } from "ttag";

import {
  fetchPortfolioPdf,
  useDeleteChildArtwork,
  useParticipantArtworks,
} from "../../../api/artwork";
import { ArtworkPicture } from "../../../components/artwork/ArtworkPicture";
import { StageBadge } from "../../../components/artwork/StageBadge";
import { artworkTitle } from "../../../components/artwork/artworkWords";
import "../../../components/artwork/artwork.css";
import { ConfirmRemoveDialog } from "../../../components/ui/ConfirmRemoveDialog";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { formatDate } from "../../../components/ui/schedule";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useNotify } from "../../../lib/notices";

// The pieces by season, in the order they come (newest first): [{seasonId, seasonName, pieces}].
function bySeason(pieces) {
  const seasons = [];
  for (const piece of pieces) {
    let season = seasons.find((known) => known.seasonId === piece.seasonId);
    if (!season) {
      season = { seasonId: piece.seasonId, seasonName: piece.seasonName, pieces: [] };
      seasons.push(season);
    }
    season.pieces.push(piece);
  }
  return seasons;
}

// One piece in the grid: the photo, what it is, where and when, its stage, and what to do.
function Piece({ piece, onDelete }) {
  const captionId = useId();
  const title = artworkTitle(piece);
  const ready = piece.stage === "ready";
  return (
    <li>
      <figure className={`mb-0${ready ? " artwork-ready" : ""}`} aria-labelledby={captionId}>
        <ArtworkPicture picture={piece.picture} alt={title} className="artwork-picture" />
        <figcaption className="mt-2">
          <span id={captionId} className="d-block fw-semibold">
            {title}
          </span>
          <span className="d-block small">{piece.className}</span>
          <span className="d-block small text-body-secondary">{formatDate(piece.takenOn)}</span>
          <StageBadge stage={piece.stage} />
          {ready && (
            <span className="d-block small mt-1">
              {t`Ready to take home: collect it at its class.`}
            </span>
          )}
        </figcaption>
      </figure>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <a
          href={piece.picture.download}
          download
          className="btn btn-outline-primary btn-sm"
          aria-describedby={captionId}
        >
          {t`Download photo`}
        </a>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          aria-describedby={captionId}
          onClick={() => onDelete(piece)}
        >
          {t`Delete`}
        </button>
      </div>
    </li>
  );
}

function deleteQuestion(piece, name) {
  const title = artworkTitle(piece);
  return t`Delete ${title} from ${name}'s portfolio?`;
}

// Pieces of classes that belong to no season: listed together, with no season's PDF.
const NO_SEASON = t`Other classes`;

// A season's pieces and their PDF, a page a piece.
function Season({ season, participantId, download, onDelete }) {
  const headingId = useId();
  const preparing = download.downloading === season.seasonId;
  return (
    <section className="mt-3" aria-labelledby={headingId}>
      <h4 id={headingId} className="h6 mb-2">
        {season.seasonName ?? NO_SEASON}
      </h4>
      <ul className="list-unstyled artwork-grid mb-2">
        {season.pieces.map((piece) => (
          <Piece key={piece.id} piece={piece} onDelete={onDelete} />
        ))}
      </ul>
      {season.seasonId != null && (
        <button
          type="button"
          className="btn btn-outline-primary"
          aria-describedby={headingId}
          // Not disabled while it downloads: a disabled button would drop the focus.
          aria-disabled={preparing}
          onClick={() =>
            download.download(
              () => fetchPortfolioPdf(participantId, season.seasonId),
              season.seasonId,
            )
          }
        >
          {preparing ? t`Preparing the PDF…` : t`Download portfolio (PDF)`}
        </button>
      )}
    </section>
  );
}

/*
 * A child's portfolio on My Family: the pieces their instructors photographed, by season, each
 * with its stage (ready for pick-up stands out), its photo to download and a way to take the
 * child off it; a season's pieces as a PDF. `always`: shown even with no piece yet (a child's;
 * the account holder's only once there is one).
 */
export function Portfolio({ participant, name, always }) {
  const headingId = useId();
  const { data, error } = useParticipantArtworks(participant._id);
  const remove = useDeleteChildArtwork();
  const notify = useNotify();
  const download = useFileDownload();
  const [deleting, setDeleting] = useState(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef(null);
  const empty = Array.isArray(data) && data.length === 0;
  if (!always && (empty || !data)) return null;

  async function confirmDelete() {
    setBusy(true);
    try {
      await remove(participant._id, deleting.id);
      const piece = artworkTitle(deleting);
      notify(t`${piece} is deleted from ${name}'s portfolio`);
      // The piece took its Delete button with it: focus goes to the portfolio's heading.
      setDeleting(null);
      headingRef.current?.focus();
    } catch (deleteError) {
      setDeleting(null);
      notify(deleteError.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    // A child's name, a piece's title or its class's may be one long word: each breaks rather
    // than widen a phone's page.
    <section className="mt-4 text-break" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="h5 mb-1">
        {t`Portfolio`}
      </h3>
      {error && <ErrorAlert title={t`The portfolio could not be loaded.`} error={error} />}
      {empty && (
        <p className="small text-body-secondary mb-0">
          {t`When ${name}'s instructor photographs a piece ${name} made, it appears here.`}
        </p>
      )}
      <DismissibleAlert message={download.failure} onClose={download.dismissFailure} />
      {Array.isArray(data) &&
        bySeason(data).map((season) => (
          <Season
            key={season.seasonId}
            season={season}
            participantId={participant._id}
            download={download}
            onDelete={(piece) => setDeleting(piece)}
          />
        ))}
      {deleting && (
        <ConfirmRemoveDialog
          title={deleteQuestion(deleting, name)}
          busy={busy}
          confirmLabel={t`Delete`}
          busyLabel={t`Deleting…`}
          onConfirm={confirmDelete}
          onClose={() => {
            if (!busy) setDeleting(null);
          }}
        >
          <p className="mb-0">
            {t`The photo leaves ${name}'s portfolio and is no longer shown to anyone as theirs. If no other child is on it, the school deletes the photo too.`}
          </p>
        </ConfirmRemoveDialog>
      )}
    </section>
  );
}
