import { useEffect } from "react";

import { config } from "../config/config";

// Page titles read "Page | Site name".
export function useTitle(page) {
  useEffect(() => {
    document.title = page ? `${page} | ${config.siteName}` : config.siteName;
  }, [page]);
}
