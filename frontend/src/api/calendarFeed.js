import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * GET /calendarFeed and POST /calendarFeed/reset: the address of the signed-in person's private
 * calendar of the classes they are enrolled in. The address is the feed's only key, so a reset
 * gives a new one and the old one stops working.
 */

export const calendarFeedKey = "/calendarFeed";

export function useCalendarFeed() {
  return useSWR(calendarFeedKey);
}

export function resetCalendarFeed() {
  return api.post(`${calendarFeedKey}/reset`);
}

export function useResetCalendarFeed() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const feed = await resetCalendarFeed();
    await mutate(calendarFeedKey, feed, { revalidate: false });
    return feed;
  }, [mutate]);
}
