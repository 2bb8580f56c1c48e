import { createContext, useContext, useSyncExternalStore } from "react";

/*
 * The opening morning's waiting room as this browser keeps it: the family's place in the line
 * (its token) and, once their turn came, the admission the server gave, which every request
 * carries in the Camp-Admission header (the server asks for it on the writes that take seats and
 * money). Both live in localStorage, so a reload or a second tab keeps the place and shares the
 * admission; a change made in one tab reaches the others through the `storage` event.
 */
export const LINE_KEY = "waiting-room-line";
export const ADMISSION_KEY = "waiting-room-admission";
export const ADMISSION_EXPIRES_KEY = "waiting-room-admission-expires";

export const ADMISSION_HEADER = "Camp-Admission";
export const ADMISSION_EXPIRES_HEADER = "Camp-Admission-Expires";
// The `code` of the 429 a gated write answers while the room is on and the caller has no turn.
export const WAITING_ROOM_CODE = "waiting_room";

const KEYS = [LINE_KEY, ADMISSION_KEY, ADMISSION_EXPIRES_KEY];

function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const listeners = new Set();

// Writes only what changed, so an admission renewed with each answer wakes nobody when it is the
// same; a browser that refuses storage keeps nothing, and the server asks again.
function write(values) {
  let changed = false;
  for (const [key, value] of Object.entries(values)) {
    if (read(key) === (value || null)) continue;
    try {
      if (value) window.localStorage.setItem(key, value);
      else window.localStorage.removeItem(key);
      changed = true;
    } catch {
      // Private browsing with storage off: the place lasts as long as the page.
    }
  }
  // The `storage` event tells the other tabs, never this one.
  if (changed) listeners.forEach((listener) => listener());
}

export function getLine() {
  return read(LINE_KEY);
}

export function storeLine(line) {
  write({ [LINE_KEY]: line });
}

// The admission, while it lasts (`now` in ms); one stored without an end lasts until refused.
export function getAdmission(now = Date.now()) {
  const admission = read(ADMISSION_KEY);
  if (!admission) return null;
  const expires = Date.parse(read(ADMISSION_EXPIRES_KEY) ?? "");
  return Number.isNaN(expires) || expires > now ? admission : null;
}

export function storeAdmission(admission, expiresAt) {
  write({ [ADMISSION_KEY]: admission, [ADMISSION_EXPIRES_KEY]: admission ? expiresAt : null });
}

// The room is off, or the server refused the admission: nothing kept is worth sending.
export function forgetAdmission() {
  storeAdmission(null);
}

export function forgetWaitingRoom() {
  write({ [LINE_KEY]: null, [ADMISSION_KEY]: null, [ADMISSION_EXPIRES_KEY]: null });
}

// Each answer of a gated write carries the admission renewed, with its new end.
export function keepAdmissionFrom(headers) {
  const renewed = headers?.get(ADMISSION_HEADER);
  if (renewed) storeAdmission(renewed, headers.get(ADMISSION_EXPIRES_HEADER));
}

// Calls `listener` when this tab or another changes the line or the admission.
export function subscribeWaitingRoom(listener) {
  const fromOtherTab = (event) => {
    if (event.key === null || KEYS.includes(event.key)) listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}

// The admission as it is now, in every tab: a component draws again when it comes or goes.
export function useAdmission() {
  return useSyncExternalStore(subscribeWaitingRoom, getAdmission, () => null);
}

let sentToWaitingRoom = null;

/*
 * The app registers where a refused write sends the family: the waiting room, carrying where they
 * were. The admission it had, if any, is forgotten first.
 */
export function onWaitingRoomRefusal(handler) {
  sentToWaitingRoom = handler;
  return () => {
    if (sentToWaitingRoom === handler) sentToWaitingRoom = null;
  };
}

export function waitingRoomRefused() {
  forgetAdmission();
  sentToWaitingRoom?.();
}

/*
 * Whether the room is on, as the app learnt it once as it started (app/waitingRoom.jsx): `known`
 * is false until the server answered. Without the app around it (a page's own test) the room is
 * off.
 */
export const ROOM_OFF = { known: true, active: false, paused: false, season: null, opensAt: null };

export const WaitingRoomContext = createContext(ROOM_OFF);

export function useWaitingRoom() {
  return useContext(WaitingRoomContext);
}
