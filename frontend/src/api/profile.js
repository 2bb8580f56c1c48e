import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { revalidateClassLists } from "./classes";
import { instructorsKey, isInstructorPageKey } from "./instructors";

// GET and PATCH /profile: the signed-in person's own name, e-mail, photo, bio and language.

export const profileKey = "/profile";

export function useProfile() {
  return useSWR(profileKey);
}

// Sends only what is given: { name, photo } from the profile form, { bio } from the bio form.
export function updateProfile(changes) {
  const body = Object.fromEntries(
    ["name", "photo", "bio", "language"]
      .filter((key) => changes[key] !== undefined)
      .map((key) => [key, changes[key]]),
  );
  return api.patch(profileKey, body);
}

/*
 * Saves the changes, then shows them on the profile. A bio shows on the instructor's public
 * page; a name or photo also on the instructors list and on the classes an instructor teaches,
 * which are asked for again.
 */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (changes) => {
      const saved = await updateProfile(changes);
      const shownOnLists = changes.name !== undefined || changes.photo !== undefined;
      await Promise.all([
        mutate(profileKey, (profile) => ({ ...profile, ...saved }), { revalidate: false }),
        mutate(isInstructorPageKey),
        ...(shownOnLists ? [mutate(instructorsKey), revalidateClassLists(mutate)] : []),
      ]);
      return saved;
    },
    [mutate],
  );
}
