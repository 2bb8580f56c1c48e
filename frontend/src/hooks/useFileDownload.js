import { useState } from "react";

import { saveFile } from "../lib/saveFile";

/*
 * A file fetched with the session's token and handed to the browser to save, one at a time: a
 * press while one is on its way does nothing. `download(fetchFile, what)` calls fetchFile, which
 * resolves to {blob, filename}; until the file is saved or has failed, `downloading` is `what`
 * (true when not given), so a page with several files can tell which is on its way, and false
 * after. `failure` is the reason the last one failed, to show until dismissed or tried again.
 */
export function useFileDownload() {
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState("");

  async function download(fetchFile, what = true) {
    if (downloading) return;
    setDownloading(what);
    setFailure("");
    try {
      const { blob, filename } = await fetchFile();
      saveFile(blob, filename);
    } catch (downloadError) {
      setFailure(downloadError.message);
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, failure, dismissFailure: () => setFailure(""), download };
}
