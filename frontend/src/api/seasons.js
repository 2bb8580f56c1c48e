import useSWR from "swr";

import { isEligibilityKey } from "./eligibility";

/*
 * GET /seasons: the school's seasons, earliest first ({id, name, startsOn, endsOn, opensAt,
 * closesAt, earlyAccessOpensAt, hasEarlyAccess, opensForYouAt, registrationOpen}). The last three
 * are the caller's: a family with early access may register from the early opening on
 * (`opensForYouAt`), and `registrationOpen` says whether they may now. A class names its season
 * (`seasonId`); a class of none registers by its own dates alone.
 */

export const seasonsKey = "/seasons";

// The refusal's `code` when a Select comes before the class's season opens for the family.
export const REGISTRATION_NOT_OPEN = "registration_not_open";

export function isRegistrationNotOpen(error) {
  return error?.status === 409 && error.body?.code === REGISTRATION_NOT_OPEN;
}

/*
 * The seasons, asked only when `wanted`: a page whose classes belong to no season has nothing to
 * count down to, and a visitor's first load stays as it was.
 */
export function useSeasons(wanted = true) {
  const { data, error } = useSWR(wanted ? seasonsKey : null);
  return { seasons: data, error };
}

// The class's season among `seasons` (undefined while they load), or null.
export function seasonOf(seasons, classItem) {
  if (classItem?.seasonId == null) return null;
  return seasons?.find((season) => season.id === classItem.seasonId) ?? null;
}

/*
 * Once a season opens for the family (its countdown reached zero, or the server refused a Select
 * as too early): the seasons and who may take which class are asked again, so the buttons say
 * what the server now says.
 */
export function revalidateSeasons(mutate) {
  return Promise.all([mutate(seasonsKey), mutate(isEligibilityKey)]);
}
