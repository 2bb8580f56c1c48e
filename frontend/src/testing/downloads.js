import { TOKEN_KEY } from "../lib/api";

/*
 * jsdom has no object URLs and does not download: a page saving a file (lib/saveFile.js) would
 * fail at URL.createObjectURL, and a link's click saves nothing a test can see. Called in a
 * describe (or at the top of a file), this lends URL the two functions for each of its tests,
 * every file's address being `objectUrl`, and records each click instead of following it. The
 * array it returns is what the browser was handed, {href, download} a file, emptied before each
 * test. With `token`, the session's API token is stored too, as a signed-in page fetches its
 * files with it.
 */
export function watchDownloads({ objectUrl = "blob:camp/file", token } = {}) {
  const saved = [];
  let linkClick;

  beforeEach(() => {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    URL.createObjectURL = jest.fn(() => objectUrl);
    URL.revokeObjectURL = jest.fn();
    saved.length = 0;
    linkClick = jest
      .spyOn(HTMLAnchorElement.prototype, "click")
      .mockImplementation(function recordSave() {
        saved.push({ href: this.href, download: this.download });
      });
  });

  afterEach(() => {
    if (token) window.localStorage.removeItem(TOKEN_KEY);
    linkClick.mockRestore();
    delete URL.createObjectURL;
    // lib/saveFile.js lets a saved file's URL go 10 s after its click: on slow shared cores that
    // can fall in a later test, which must not fail for it.
    URL.revokeObjectURL = () => {};
  });

  return saved;
}
