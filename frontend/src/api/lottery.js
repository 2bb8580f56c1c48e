import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * A lottery season (GET /seasons: `allocation` "lottery", with `wishesOpenAt`, `wishesCloseAt`
 * and `drawAt`): a family's wishes and what the draw gave them, and the draw's public page.
 *
 * GET and PUT /seasons/:id/wishes (a signed-in family): {seasonId, code, maxChoices, children:
 * [{participantId, choices: [classId, ...]}], together: [[participantId, ...]], result}. `code`
 * is the family's name on the draw's page (null before its first wish); `result` is null before
 * the draw, then {place, families, payBy, children: [{participantId, classId, rank, whyNotFirst,
 * offerId, seat, waitlisted: [{classId, rank, position}]}]}. A child's `offerId` is the waitlist
 * entry holding the seat the draw gave them while it is to be paid (accepting it makes it a
 * selection); `seat` is "held", "accepted", "paid" or "lapsed", or null for a child given none.
 *
 * GET /seasons/:id/draw (anyone): {seedHash} before the draw (null until the school commits to
 * its seed); after it also {seed, drawnAt, order: [code, ...], seats: [{classId, seats}],
 * allocations: [{code, child, classId, rank, outcome, position}]}.
 */

export function wishesKey(seasonId) {
  return `/seasons/${encodeURIComponent(seasonId)}/wishes`;
}

export function drawKey(seasonId) {
  return `/seasons/${encodeURIComponent(seasonId)}/draw`;
}

// The family's wishes, asked only when `wanted` (a signed-in family: nobody else has any).
export function useWishes(seasonId, wanted = true) {
  const { data, error, mutate } = useSWR(wanted && seasonId ? wishesKey(seasonId) : null);
  return { wishes: data, error, mutate };
}

/*
 * Sends the whole of the family's wishes ({children, together}), replacing those before; the
 * answer is the wishes as the server now holds them, shown at once. A refusal (400, each child's
 * and choice's words; 409 once the window has closed) is thrown for the form to show.
 */
export function useSaveWishes(seasonId) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (wishes) => {
      const saved = await api.put(wishesKey(seasonId), wishes);
      await mutate(wishesKey(seasonId), saved, { revalidate: false });
      return saved;
    },
    [seasonId, mutate],
  );
}

export function useDraw(seasonId) {
  const { data, error } = useSWR(seasonId ? drawKey(seasonId) : null);
  return { draw: data, error };
}
