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
 * `friends` is the family's pair of friends in the draw, or null: {id, status, familyName,
 * theirChildren: [first name], childIds: [our participant id]}, `status` "asked" (this family
 * asked the other and waits), "invited" (the other asked this one) or "confirmed".
 *
 * While the wishes are open a family with wishes asks another by its code (POST
 * /seasons/:id/friends {code, childIds}), the invited one says yes (POST .../friends/:friendsId/
 * confirm {childIds}), and either withdraws or declines (DELETE .../friends/:friendsId); each
 * answers the wishes as above.
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

function friendsPath(seasonId, friendsId) {
  return `/seasons/${encodeURIComponent(seasonId)}/friends/${encodeURIComponent(friendsId)}`;
}

// The wishes a change to the family's friends answers, shown at once.
function useFriendsChange(seasonId, send) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args) => {
      const wishes = await send(...args);
      await mutate(wishesKey(seasonId), wishes, { revalidate: false });
      return wishes;
    },
    [seasonId, send, mutate],
  );
}

/*
 * Asks the family whose code it is to have `childIds` (ours, with wishes) placed with some of
 * theirs. A refusal is thrown: 400 names `code` or `childIds`; 409 says why not (no wishes yet,
 * a pair already, the window closed).
 */
export function useAskFriends(seasonId) {
  const send = useCallback(
    ({ code, childIds }) =>
      api.post(`/seasons/${encodeURIComponent(seasonId)}/friends`, { code, childIds }),
    [seasonId],
  );
  return useFriendsChange(seasonId, send);
}

// The invited family says yes, naming its children (`childIds`) to be placed with the other's.
export function useConfirmFriends(seasonId) {
  const send = useCallback(
    (friendsId, childIds) => api.post(`${friendsPath(seasonId, friendsId)}/confirm`, { childIds }),
    [seasonId],
  );
  return useFriendsChange(seasonId, send);
}

// Withdraws from the pair (either family), or declines the invitation.
export function useLeaveFriends(seasonId) {
  const send = useCallback((friendsId) => api.delete(friendsPath(seasonId, friendsId)), [seasonId]);
  return useFriendsChange(seasonId, send);
}

export function useDraw(seasonId) {
  const { data, error } = useSWR(seasonId ? drawKey(seasonId) : null);
  return { draw: data, error };
}
