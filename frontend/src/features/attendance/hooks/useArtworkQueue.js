import { useSendArtwork } from "../../../api/artwork";
import { useOfflineQueue } from "./useOfflineQueue";

export const ARTWORK_DATABASE = "camp-artworks";

/*
 * Pieces of artwork photographed on this device, the photo with them, kept and sent as
 * useOfflineQueue does: each once, by its clientId, the oldest first.
 */
export function useArtworkQueue() {
  const send = useSendArtwork();
  return useOfflineQueue(ARTWORK_DATABASE, send);
}
