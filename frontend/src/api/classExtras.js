import useSWR from "swr";

import { api } from "../lib/api";

/*
 * Several classes' own answers (GET /classes/{id} each) at once, for what a checkout of them
 * asks beside the seat: each class's `addOns` and `questions`. Its own module, not the class
 * page's (api/classes.js), so only a signed-in family's checkout loads it. Answers {classes: {id:
 * class JSON}, error}; a class that cannot be read (gone, not approved) is left out, and the
 * checkout sends its item without add-ons or answers, for the server to name what is missing.
 * `refresh` asks again: what each option has left, after one sold out as the seat was held.
 */
export function useClassesForCheckout(classIds) {
  const ids = [...new Set(classIds.map(Number))].sort((a, b) => a - b);
  const { data, error, mutate } = useSWR(
    ids.length ? ["/classes/for-checkout", ids.join(",")] : null,
    async () => {
      const answers = await Promise.all(
        ids.map((id) => api.get(`/classes/${encodeURIComponent(id)}`).catch(() => null)),
      );
      return Object.fromEntries(answers.filter(Boolean).map((item) => [item._id, item]));
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  return { classes: data, error, refresh: mutate };
}
