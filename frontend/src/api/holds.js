import { api } from "../lib/api";

// POST /holds/:selectionId/extend: the seat held while the family pays, kept a little longer.

/*
 * Asks once for more time on the seat held for this selection: {holdExpiresAt, extended}. The
 * server refuses (409, with its reason) a second extension or a hold that has already expired.
 */
export function extendHold(selectionId) {
  return api.post(`/holds/${encodeURIComponent(selectionId)}/extend`);
}
