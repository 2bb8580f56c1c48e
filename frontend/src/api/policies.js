import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { isCareKey } from "./care";

/*
 * GET /policies and POST /policies/:id/acceptances: the school's policies (the liability waiver,
 * the photo policy, ...), each in its version in force, with what the signed-in family has
 * accepted of it (`accepted`) and what is still to accept (`due`: the ids of the children a
 * per-child policy still waits on, or [null] for a family policy).
 */

export const policiesKey = "/policies";

export function usePolicies() {
  return useSWR(policiesKey);
}

/*
 * Accepts the policy's version in force, for one child (`participantId`, a per-child policy) or
 * for the family (a family policy, no participant). `signedName` is the account holder's full
 * name, typed: the server refuses (400, under signedName) a name that is not theirs.
 */
export function acceptPolicy(policyId, { participantId = null, signedName }) {
  return api.post(`${policiesKey}/${encodeURIComponent(policyId)}/acceptances`, {
    ...(participantId != null ? { participantId } : {}),
    signedName: signedName.trim(),
  });
}

// Accepts, then asks for the policies again and for every record's list of what is missing.
export function useAcceptPolicy() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (policyId, acceptance) => {
      const accepted = await acceptPolicy(policyId, acceptance);
      await Promise.all([mutate(policiesKey), mutate(isCareKey)]);
      return accepted;
    },
    [mutate],
  );
}
