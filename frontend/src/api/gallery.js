import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api, fetchPage } from "../lib/api";

/*
 * Children's artwork as the public sees it, and as the admins approve it for that:
 *
 * - GET /gallery?classId=&page=&page_size=: the pieces the public may see (approved by an admin,
 *   and every child tagged on it with photo consent), newest first, always a page: { items,
 *   total }. First names only; the pictures' addresses carry no key.
 * - GET /artworks?approved=false|true: the admins' pieces waiting for approval, or approved,
 *   each saying whether the gallery shows it now (`inGallery`).
 * - POST /artworks/:id/approval {approved}: into the gallery, or out of it.
 */

export const galleryKey = "/gallery";
export const GALLERY_PAGE_SIZE = 24;
// A class page's strip: its newest pieces, the rest in the gallery.
export const CLASS_STRIP_SIZE = 12;

export function galleryPageKey({ classId, page = 1, pageSize = GALLERY_PAGE_SIZE } = {}) {
  const params = new URLSearchParams();
  if (classId != null) params.set("classId", String(classId));
  params.set("page", String(page));
  params.set("page_size", String(pageSize));
  return `${galleryKey}?${params}`;
}

// One page of the gallery; the page shown stays while the next one is on its way.
export function useGalleryPage(page) {
  return useSWR(galleryPageKey({ page }), fetchPage, { keepPreviousData: true });
}

export function useClassGallery(classId) {
  return useSWR(
    classId != null ? galleryPageKey({ classId, pageSize: CLASS_STRIP_SIZE }) : null,
    fetchPage,
  );
}

export function artworksForReviewKey(approved) {
  return `/artworks?approved=${approved ? "true" : "false"}`;
}

export function useArtworksForReview(approved) {
  return useSWR(artworksForReviewKey(approved));
}

// Every list an approval changes: the admins' two, and each page of the gallery read.
function isGalleryKey(key) {
  return (
    typeof key === "string" && (key.startsWith(`${galleryKey}?`) || key.startsWith("/artworks?"))
  );
}

// Approves a piece (`approved`) or withdraws it, then asks again for every list it is in.
export function useArtworkApproval() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (artworkId, approved) => {
      const piece = await api.post(`/artworks/${encodeURIComponent(artworkId)}/approval`, {
        approved,
      });
      await mutate(isGalleryKey);
      return piece;
    },
    [mutate],
  );
}
