// Long enough for any browser to have opened the object URL the click gave it.
const RELEASE_AFTER_MS = 10_000;

/*
 * Hands bytes fetched by the page (fetchFile) to the browser's own download, as a link with a
 * `download` name would. The object URL is let go once the browser has taken the file, so the
 * bytes do not stay in memory for the rest of the visit.
 */
export function saveFile(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers (Firefox) read the URL after the click has returned, so not at once.
    setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  }
}
