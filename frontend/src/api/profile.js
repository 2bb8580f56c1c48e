import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { isInstructorPageKey } from "./instructors";

// GET and PATCH /profile: the signed-in person's own name, e-mail, photo and bio.

export const profileKey = "/profile";

export function useProfile() {
  return useSWR(profileKey);
}

export function updateProfile({ bio }) {
  return api.patch(profileKey, { bio });
}

// Saves the bio, then shows it on the profile and on the instructor's public page.
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const saved = await updateProfile(values);
      await Promise.all([
        mutate(profileKey, (profile) => ({ ...profile, ...saved }), { revalidate: false }),
        mutate(isInstructorPageKey),
      ]);
      return saved;
    },
    [mutate],
  );
}
