import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { ApiError, api, fetchFile } from "../lib/api";
import { triedSending } from "../lib/offlineQueue";

/*
 * Children's artwork: a piece photographed at its class by its instructor, tagged with the
 * children who made it, and followed by their families through its stages.
 *
 * A piece, as staff and families read it: {id, classId, className, seasonId, seasonName, title,
 * stage ("in_progress", "drying", "firing" or "ready"), takenOn (a date), readyAt, approvedAt,
 * participants: [{id, firstName}], picture: {src, srcset, sizes, width, height, download}}.
 * The picture's addresses carry a key of their own (an <img> cannot send the session's token);
 * `download` is the JPEG, as an attachment.
 */

export function classArtworksKey(classId) {
  return `/classes/${encodeURIComponent(classId)}/artworks`;
}

export function participantArtworksKey(participantId) {
  return `/participants/${encodeURIComponent(participantId)}/artworks`;
}

// Every list a piece is in: its class's, and each child's portfolio.
const isArtworkKey = (key) =>
  typeof key === "string" && /^\/(classes|participants)\/[^/]+\/artworks$/.test(key);

const notRetriedWhenRefused = {
  shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
};

// GET /classes/:id/artworks: the class's pieces, newest first (its instructor, admins).
export function useClassArtworks(classId) {
  return useSWR(classId == null ? null : classArtworksKey(classId), notRetriedWhenRefused);
}

// GET /participants/:id/artworks: a child's pieces, newest first, each with its season.
export function useParticipantArtworks(participantId) {
  return useSWR(participantArtworksKey(participantId), notRetriedWhenRefused);
}

// The class's limits for a day (429, until the school's midnight, by these codes).
const DAY_LIMITS = ["artwork_daily_count", "artwork_daily_bytes"];

const dayLimitReached = (error) =>
  error instanceof ApiError && error.status === 429 && DAY_LIMITS.includes(error.body.code);

/*
 * POST /classes/:id/artworks (multipart): one piece photographed on this device and kept there,
 * {clientId, classId, file (the photo, a Blob), fileName, title, stage, participantIds}; what
 * else the entry carries (the children's names, the meeting) stays on the device. The same
 * clientId again is the same piece to the server (200, nothing stored twice). Resolves as
 * triedSending does, the answer the piece. A class's day's limit reached is the server's answer
 * for the day, a refusal: tried again every few seconds, the whole photo would go each time,
 * and the pieces of the instructor's other classes would wait behind it.
 */
export async function sendArtwork(entry) {
  const form = new FormData();
  form.append("clientId", entry.clientId);
  form.append("file", entry.file, entry.fileName || "artwork.jpg");
  form.append("title", entry.title);
  form.append("stage", entry.stage);
  for (const id of entry.participantIds) form.append("participantIds", String(id));
  const result = await triedSending(() => api.post(classArtworksKey(entry.classId), form));
  if (result.outcome === "failed" && dayLimitReached(result.error)) {
    return { outcome: "refused", reason: result.error.message };
  }
  return result;
}

// Sends as sendArtwork does; a piece the server took is asked for again with its class's list.
export function useSendArtwork() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (entry) => {
      const result = await sendArtwork(entry);
      if (result.outcome === "sent") mutate(classArtworksKey(entry.classId));
      return result;
    },
    [mutate],
  );
}

/*
 * PATCH /artworks/:id, {title, stage, participantIds}: the children tagged (they replace the
 * tags), its stage and title put right. Every list of pieces is asked for again: a child tagged
 * or untagged changes their family's portfolio.
 */
export function useUpdateArtwork() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (artworkId, { title, stage, participantIds }) => {
      const answer = await api.patch(`/artworks/${encodeURIComponent(artworkId)}`, {
        title,
        stage,
        participantIds,
      });
      await mutate(isArtworkKey);
      return answer;
    },
    [mutate],
  );
}

/*
 * DELETE /participants/:pid/artworks/:id: the family takes their child off a piece (one no
 * child is left on is deleted, every picture of it with it). The child's portfolio is asked for
 * again.
 */
export function useDeleteChildArtwork() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (participantId, artworkId) => {
      await api.delete(`${participantArtworksKey(participantId)}/${encodeURIComponent(artworkId)}`);
      await mutate(participantArtworksKey(participantId));
    },
    [mutate],
  );
}

export function portfolioPath(participantId, seasonId) {
  const query = new URLSearchParams({ seasonId: String(seasonId) });
  return `/participants/${encodeURIComponent(participantId)}/portfolio.pdf?${query}`;
}

/*
 * GET /participants/:id/portfolio.pdf?seasonId=: a child's pieces of one season as a PDF, a page
 * each, as {blob, filename}. Asked with the session's token at each press, never cached: a piece
 * added or deleted since changes it.
 */
export async function fetchPortfolioPdf(participantId, seasonId) {
  const { blob, filename } = await fetchFile(portfolioPath(participantId, seasonId), {
    accept: "application/pdf",
  });
  return { blob, filename: filename || `portfolio-${seasonId}.pdf` };
}
