import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { isCareKey } from "./care";

/*
 * GET /policies and POST /policies/acceptances: the school's policies (the liability waiver,
 * the photo policy, ...), each in its version in force, with what the signed-in family has
 * accepted of it (`accepted`) and what is still to accept (`due`: the ids of the children a
 * per-child policy still waits on, or [null] for a family policy).
 */

export const policiesKey = "/policies";

export function usePolicies() {
  return useSWR(policiesKey);
}

/*
 * Accepts several policies' versions in force with one typed name, each for one child
 * (`participantId`, a per-child policy) or for the family (a family policy, no participant):
 * all are recorded, or none. `signedName` is the account holder's full name, typed: the server
 * refuses (400, under signedName) a name that is not theirs, and one it cannot accept under
 * acceptances, by its place in the list ("Item 2: ...").
 */
export function acceptPolicies({ acceptances, signedName }) {
  return api.post(`${policiesKey}/acceptances`, {
    acceptances: acceptances.map(({ policyId, participantId = null }) => ({
      policyId,
      ...(participantId != null ? { participantId } : {}),
    })),
    signedName: signedName.trim(),
  });
}

// Accepts, then asks for the policies again and for every record's list of what is missing.
export function useAcceptPolicies() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (signature) => {
      const accepted = await acceptPolicies(signature);
      await Promise.all([mutate(policiesKey), mutate(isCareKey)]);
      return accepted;
    },
    [mutate],
  );
}
