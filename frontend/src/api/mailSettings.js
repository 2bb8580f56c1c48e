import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { useAuth } from "../lib/auth";

/*
 * GET and PATCH /profile/mail: whether the signed-in person gets announcements (class news from
 * instructors and the school), and whether mail to their address is being refused. Mail about
 * their own enrolments is sent either way. GET and POST /unsubscribe/{token}: the link at the
 * foot of an announcement, used without signing in.
 */

export const mailSettingsKey = "/profile/mail";

// One request for the profile's E-mail section and the dashboard's banner alike; nothing is
// asked for a visitor, who has no address of their own here.
export function useMailSettings() {
  const { user } = useAuth();
  return useSWR(user ? mailSettingsKey : null);
}

// `changes` is { announcements } or { undeliverable: false } (the address works again).
export function updateMailSettings(changes) {
  return api.patch(mailSettingsKey, changes);
}

// Saves the changes; the server's answer replaces the cached settings, so the dashboard's
// banner goes as soon as the address is said to work.
export function useUpdateMailSettings() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (changes) => {
      const saved = await updateMailSettings(changes);
      await mutate(mailSettingsKey, saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
}

function unsubscribePath(token) {
  return `/unsubscribe/${encodeURIComponent(token)}`;
}

// The token in the link is the only key the server reads, so a signed-in reader's token stays
// home.
const LINK_ONLY = { anonymous: true };

// Whose link it is (the address partly hidden) and whether announcements are still on. Only
// reads: mail scanners open links, and opening one must not unsubscribe anybody.
export function getUnsubscribe(token) {
  return api.get(unsubscribePath(token), LINK_ONLY);
}

// The link's answer for its page; a 404 (a link the school does not know) is final.
export function useUnsubscribeLink(token) {
  return useSWR(token ? unsubscribePath(token) : null, () => getUnsubscribe(token), {
    shouldRetryOnError: (failure) => failure?.status !== 404,
  });
}

// The page's one click: no more announcements to the link's address.
export function unsubscribe(token) {
  return api.post(unsubscribePath(token), undefined, LINK_ONLY);
}
