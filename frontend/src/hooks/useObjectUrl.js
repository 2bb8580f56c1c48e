import { useEffect, useState } from "react";

/*
 * An address for bytes held in the page (a photo just taken, one waiting on the device to be
 * sent), for an <img> to show; let go when the bytes change or the component goes, so a photo
 * does not stay in memory for the rest of the visit. Null until made, or where the browser
 * makes none.
 */
export function useObjectUrl(blob) {
  const [url, setUrl] = useState(null);
  useEffect(() => {
    if (!(blob instanceof Blob) || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
