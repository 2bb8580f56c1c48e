import { useId, useRef, useState } from "react";
import { t } from "ttag";

import { useClassArtworks } from "../../../api/artwork";
import { ArtworkPicture } from "../../../components/artwork/ArtworkPicture";
import { StageBadge } from "../../../components/artwork/StageBadge";
import { artworkTitle, makersOf } from "../../../components/artwork/artworkWords";
import "../../../components/artwork/artwork.css";
import { useObjectUrl } from "../../../hooks/useObjectUrl";

// A class's latest pieces shown at first; the rest on request, so a long season stays short.
export const SHOWN_FIRST = 6;

// A piece still on this phone: its photo from the device, what it was saved with.
function WaitingPiece({ entry }) {
  const url = useObjectUrl(entry.file);
  return (
    <li className="d-flex align-items-center gap-2 small">
      {url ? (
        <span className="artwork-thumbnail">
          <img src={url} alt="" className="picture picture-fluid artwork-picture" />
        </span>
      ) : (
        <span className="artwork-thumbnail" aria-hidden="true" />
      )}
      <span>
        {artworkTitle(entry)}
        {entry.names.length > 0 && ` · ${entry.names.join(", ")}`}
        <span className="d-block fw-semibold text-warning-emphasis">{t`Waiting to send`}</span>
      </span>
    </li>
  );
}

function RefusedPiece({ refusal, onEdit, onDiscard }) {
  const reason = refusal.reason;
  return (
    <li className="alert alert-danger py-2 mb-0">
      <p className="mb-1">{artworkTitle(refusal.entry)}</p>
      <p className="fw-semibold mb-2" role="alert">
        {t`Photo not sent: ${reason}`}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => onEdit(refusal)}>
          {t`Edit and send again`}
        </button>
        <button type="button" className="btn btn-outline-danger" onClick={() => onDiscard(refusal)}>
          {t`Discard photo`}
        </button>
      </div>
    </li>
  );
}

// One of the class's pieces on the server: its photo, title, stage and who is tagged.
function SavedPiece({ piece, onEdit }) {
  const titleId = useId();
  const tagged = piece.participants.length > 0;
  return (
    <li className="d-flex align-items-start gap-2" aria-labelledby={titleId}>
      <div className="artwork-thumbnail">
        <ArtworkPicture picture={piece.picture} alt="" sizes="4rem" className="artwork-picture" />
      </div>
      <div className="flex-grow-1 artwork-piece-body">
        <p id={titleId} className="fw-semibold mb-1">
          {artworkTitle(piece)}
        </p>
        <StageBadge stage={piece.stage} />
        <p className="small mb-2 mt-1">
          {tagged
            ? makersOf(piece.participants.map((child) => child.firstName))
            : t`No child tagged yet`}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-describedby={titleId}
          onClick={() => onEdit(piece)}
        >
          {tagged ? t`Edit` : t`Tag children`}
        </button>
      </div>
    </li>
  );
}

// The class's pieces as the school holds them, newest first.
function ClassPieces({ meeting, onEdit }) {
  const { data, error } = useClassArtworks(meeting.classId);
  const [showAll, setShowAll] = useState(false);
  if (error) {
    return (
      <p className="small text-body-secondary">{t`The class's artwork could not be loaded.`}</p>
    );
  }
  if (!Array.isArray(data) || data.length === 0) return null;
  const shown = showAll ? data : data.slice(0, SHOWN_FIRST);
  const className = meeting.className;
  // More than SHOWN_FIRST, so never one.
  const count = data.length;
  return (
    <>
      <ul
        className="list-unstyled d-grid gap-3 mb-2 artwork-pieces"
        aria-label={t`Artwork of ${className}`}
      >
        {shown.map((piece) => (
          <SavedPiece key={piece.id} piece={piece} onEdit={onEdit} />
        ))}
      </ul>
      {shown.length < data.length && (
        <button type="button" className="btn btn-link p-0" onClick={() => setShowAll(true)}>
          {t`Show all ${count} pieces`}
        </button>
      )}
    </>
  );
}

/*
 * A meeting's artwork on Today: "Photograph artwork" opens the phone's camera (or its photos);
 * the pieces photographed here that wait to be sent, or that the server refused; then the
 * class's pieces, each with a way to tag its children and change its stage. `queue` is the
 * device's queue of pieces (useArtworkQueue); onPhotograph(file) opens the dialog for a photo
 * just taken, onRetry(refusal) for a refused one, onEdit(piece) for a saved one.
 */
export function MeetingArtwork({ meeting, queue, onPhotograph, onRetry, onEdit }) {
  const cameraRef = useRef(null);
  const here = (entry) => entry.meetingId === meeting.meetingId;
  const waiting = queue.entries.filter(here);
  const refusals = queue.refusals.filter(({ entry }) => here(entry));
  // A day of before- or after-care is no class's: its pieces belong to the classes themselves.
  if (meeting.attendance.length === 0 || meeting.extendedCare) return null;
  const className = meeting.className;
  return (
    <div className="mb-3">
      <div className="attendance-actions mb-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => cameraRef.current?.click()}
        >
          {t`Photograph artwork`}
        </button>
      </div>
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t`Photo of a piece of artwork for ${className}`}
        onChange={(event) => {
          const [file] = event.target.files ?? [];
          // The same photo chosen again is a change too.
          event.target.value = "";
          if (file) onPhotograph(file);
        }}
      />
      {waiting.length + refusals.length > 0 && (
        <ul
          className="list-unstyled d-grid gap-2 mb-3"
          aria-label={t`Artwork photographed here for ${className}`}
        >
          {refusals.map((refusal) => (
            <RefusedPiece
              key={refusal.entry.clientId}
              refusal={refusal}
              onEdit={onRetry}
              onDiscard={() => queue.dismiss(refusal.entry.clientId)}
            />
          ))}
          {waiting.map((entry) => (
            <WaitingPiece key={entry.clientId} entry={entry} />
          ))}
        </ul>
      )}
      <ClassPieces meeting={meeting} onEdit={onEdit} />
    </div>
  );
}
