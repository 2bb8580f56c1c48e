import useSWR from "swr";

/*
 * GET /frontDesk/log: what the front desk did, newest first, each {id, at, kind, summary,
 * actor: {name, role}, family: {id, name} | null}. A family reads its own entries, the actor
 * always "The office"; an admin every entry, or one family's with ?familyId=.
 */

export const deskLogKey = "/frontDesk/log";

export function useDeskLog() {
  return useSWR(deskLogKey);
}
