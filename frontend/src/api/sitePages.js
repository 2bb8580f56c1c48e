import useSWR from "swr";

/*
 * GET /pages/:slug: one of the school's own pages (about, terms, privacy, cookies), as its
 * admins wrote it: {slug, title, body, updatedAt}. The body is plain text in the small format
 * features/pages/components/PageText.jsx draws.
 */

export function sitePageKey(slug) {
  return `/pages/${encodeURIComponent(slug)}`;
}

export function useSitePage(slug) {
  const { data, error } = useSWR(sitePageKey(slug));
  return { page: data, error };
}
