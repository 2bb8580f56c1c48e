import useSWR, { useSWRConfig } from "swr";
import { useCallback } from "react";

import { api } from "../lib/api";

/*
 * GET and PUT /enrolments/{id}/answers: the child's answers to the school's questions for one
 * enrolment of the family, {enrolmentId, editableUntil, questions (as in the class JSON),
 * answers: {questionId: value}, history: [{questionId, value, answeredAt}]}. The family changes
 * them until the class's first day (`editableUntil`); after it the PUT is a 409 with code
 * `answers_closed`. A PUT takes {answers}, checked as at checkout (400 with
 * `errors.answers.<questionId>`), and answers the same body.
 */
export function enrolmentAnswersKey(enrolmentId) {
  return `/enrolments/${encodeURIComponent(enrolmentId)}/answers`;
}

export function useEnrolmentAnswers(enrolmentId) {
  return useSWR(enrolmentId ? enrolmentAnswersKey(enrolmentId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 404,
  });
}

// Saves the answers and keeps the server's answer as what the page shows.
export function useSaveEnrolmentAnswers(enrolmentId) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (answers) => {
      const saved = await api.put(enrolmentAnswersKey(enrolmentId), { answers });
      await mutate(enrolmentAnswersKey(enrolmentId), saved, { revalidate: false });
      return saved;
    },
    [enrolmentId, mutate],
  );
}
