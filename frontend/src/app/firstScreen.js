import { unstable_serialize } from "swr/infinite";

import { getToken } from "../lib/api";

/*
 * The data cache as the page arrives: the first screen's answers the server put in it, each
 * stored as its hook keeps it. A key read page by page (useSWRInfinite) keeps the page as
 * fetchPage makes it, and its list keeps that page as its first.
 */
export function firstScreenCache({ answers = {}, totals = {} }) {
  const cache = new Map();
  for (const [key, data] of Object.entries(answers)) {
    if (Object.hasOwn(totals, key)) {
      const page = { items: data, total: totals[key] };
      cache.set(key, { data: page });
      cache.set(
        unstable_serialize(() => key),
        { data: [page] },
      );
    } else {
      cache.set(key, { data });
    }
  }
  return cache;
}

/*
 * The page's answers are as fresh as a request made when it loaded, and SWR asks no key again
 * within its deduping interval: neither does a hook that shows one of them. A list read page by
 * page is named by a function whose first page is such a key; left to revalidate on mount, it
 * would draw every card of the page a second time for nothing. A signed-in person has them
 * asked again with their token, since a class's own instructor reads more of it. On the server
 * (src/server.jsx), which keeps no clock of the page, the answers are the request's own.
 */
export function firstScreenFresh({ answers = {} }) {
  return (useSWRNext) => (key, fetcher, options) => {
    const shown = typeof key === "function" ? firstPageKey(key) : key;
    const fresh =
      typeof shown === "string" &&
      Object.hasOwn(answers, shown) &&
      (typeof performance === "undefined" || performance.now() < options.dedupingInterval) &&
      !getToken();
    return useSWRNext(key, fetcher, fresh ? { ...options, revalidateIfStale: false } : options);
  };
}

// useSWRInfinite's key for its first page; a key function that throws is not ready (as in SWR).
function firstPageKey(getKey) {
  try {
    return getKey(0, null);
  } catch {
    return null;
  }
}
