import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * GET and POST /classes/:id/messages: what a class's instructor or an admin wrote to its
 * families, one e-mail each, kept for them to read again on the class's page. A message:
 * {id, subject, body (plain text), audience ("enrolled", "waitlisted" or "both"), announcement,
 * sentAt, senderName, recipients (how many families it went to; for the class's staff only)}.
 * A family reads only the messages that reached it; anyone else is answered 404.
 */

export function classMessagesKey(classId) {
  return `/classes/${encodeURIComponent(classId)}/messages`;
}

// The class's messages, newest first; nothing is asked while `enabled` is false (a visitor).
// A 404 (not this person's class, nor their family's) is final, so it is not retried.
export function useClassMessages(classId, { enabled = true } = {}) {
  return useSWR(classId && enabled ? classMessagesKey(classId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
  });
}

/*
 * Writes to the class's families of `audience`: answers {id, recipients}. Refused with 409
 * `nobody_in_audience` when nobody is in it, 429 `class_messages_per_day` past the day's limit.
 */
export function sendClassMessage(classId, { subject, body, audience, announcement = false }) {
  return api.post(classMessagesKey(classId), {
    subject: subject.trim(),
    body: body.trim(),
    audience,
    announcement: Boolean(announcement),
  });
}

// Sends, then reads the class's messages again: the new one heads the list.
export function useSendClassMessage(classId) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const sent = await sendClassMessage(classId, values);
      await mutate(classMessagesKey(classId));
      return sent;
    },
    [classId, mutate],
  );
}
