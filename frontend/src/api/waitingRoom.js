import { useState } from "react";
import useSWR from "swr";

import { api } from "../lib/api";
import { useHydrating } from "../lib/hydrating";

/*
 * GET /waitingRoom?line= and POST /waitingRoom {line}: the opening morning's line. POST joins it
 * (or, given the token of a place already held, keeps that place; with the bearer token a family
 * on two devices keeps one place); GET asks after a place. Both answer {active, season ({id,
 * name} or null), opensAt, paused, line, position (1-based among those not yet admitted), admitted,
 * admission, admissionExpiresAt, estimatedWaitSeconds, pollSeconds}. With the room off: active
 * false, admitted true, admission null. What admins see of the room is in waitingRoomLive.js.
 */

export const waitingRoomKey = "/waitingRoom";

export function waitingRoomLineKey(line) {
  return `${waitingRoomKey}?line=${encodeURIComponent(line)}`;
}

// Within this long of an opening the line has not formed for yet, a page left open asks again.
export const OPENING_NEAR_MS = 60 * 60 * 1000;

/*
 * Off, the server names the next opening it keeps a line for (`opensAt`) and when to ask again
 * (`pollSeconds`, at most 30, sooner as the line's forming nears). Only in the hour before it is
 * the room asked again, so a page left open meets the line as it forms; otherwise never.
 */
export function untilTheLineForms(room) {
  if (!room || room.active || !room.opensAt) return 0;
  const ahead = Date.parse(room.opensAt) - Date.now();
  return ahead > 0 && ahead < OPENING_NEAR_MS ? room.pollSeconds * 1000 : 0;
}

/*
 * Whether the room is on: asked as the app starts, and again only near an opening. The pace is
 * kept from each answer: SWR reads a function given as its interval only once a request is
 * done, so the first answer would never start it. A page the server drew asks once the app has
 * taken it over: an answer arriving while React still takes the page over would have it take
 * the rest over in one long task, to show that answer at once (lib/hydrating.js).
 */
export function useWaitingRoomState() {
  const [pace, setPace] = useState(0);
  const hydrating = useHydrating();
  return useSWR(hydrating ? null : waitingRoomKey, {
    refreshInterval: pace,
    // Below the server's shortest pace, or SWR would answer those asks from the first.
    dedupingInterval: 1000,
    onSuccess: (room) => setPace(untilTheLineForms(room)),
  });
}

export function joinWaitingRoom(line) {
  return api.post(waitingRoomKey, line ? { line } : {});
}

export function checkWaitingRoom(line) {
  return api.get(waitingRoomLineKey(line));
}
