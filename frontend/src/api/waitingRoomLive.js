import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * Admins: GET /waitingRoom/live {active, paused, season ({id, name} or null), opensAt, inLine,
 * admitted, waiting, arrivedBeforeOpening, admitPerMinute, currentPerMinute, recentRequests,
 * recentSlowShare (0 to 1)}, the opening morning's line as it stands, and POST /waitingRoom/pause
 * {paused}, which holds it or lets it move and answers the same. Apart from the family's
 * waitingRoom.js, which the app's first load carries.
 */

export const waitingRoomLiveKey = "/waitingRoom/live";
// The admins' figures move by the second on an opening morning: asked again this often.
export const WAITING_ROOM_LIVE_POLL_MS = 3000;

export function useWaitingRoomLive() {
  return useSWR(waitingRoomLiveKey, {
    refreshInterval: WAITING_ROOM_LIVE_POLL_MS,
    // Below the poll, or SWR would answer each poll from the first request.
    dedupingInterval: WAITING_ROOM_LIVE_POLL_MS / 2,
  });
}

export function pauseWaitingRoom(paused) {
  return api.post("/waitingRoom/pause", { paused });
}

// Pauses or resumes admissions; the answer is the live figures, shown at once.
export function usePauseWaitingRoom() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (paused) => {
      const live = await pauseWaitingRoom(paused);
      await mutate(waitingRoomLiveKey, live, { revalidate: false });
      return live;
    },
    [mutate],
  );
}
