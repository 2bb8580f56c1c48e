import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { revalidateClassLists } from "../../../lib/classLists";

export function approveClass(id) {
  return api.patch(`/classes/approved/${id}`);
}

export function denyClass(id) {
  return api.patch(`/classes/denied/${id}`);
}

export function sendFeedback(id, feedback) {
  return api.patch(`/classes/feedback/${id}`, { feedback });
}

/*
 * Runs one review call, then refreshes the lists of classes (this one and the public one). A
 * refusal refreshes them too: a 409 means another admin decided first, and the list shows how.
 */
function useReview(call) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args) => {
      try {
        return await call(...args);
      } finally {
        await revalidateClassLists(mutate);
      }
    },
    [call, mutate],
  );
}

export function useApproveClass() {
  return useReview(approveClass);
}

export function useDenyClass() {
  return useReview(denyClass);
}

export function useSendFeedback() {
  return useReview(sendFeedback);
}
