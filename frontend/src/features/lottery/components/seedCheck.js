import { useEffect, useState } from "react";

// The SHA-256 of `text` (UTF-8) in hex; null where the browser has no Web Crypto (a page not
// served over HTTPS).
export async function sha256Hex(text) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/*
 * The reader's own browser checks the seed published after the draw against the commitment
 * published before it: "matches", "differs", or null while it checks (or cannot).
 */
export function useSeedCheck(seed, seedHash) {
  const [checked, setChecked] = useState(null);
  useEffect(() => {
    let current = true;
    setChecked(null);
    if (!seed || !seedHash) return undefined;
    sha256Hex(seed).then(
      (hash) => {
        if (current && hash !== null) setChecked(hash === seedHash ? "matches" : "differs");
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [seed, seedHash]);
  return checked;
}
