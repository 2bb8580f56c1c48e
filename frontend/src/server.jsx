/*
 * The app drawn on the server: camp/server_render.py loads this build (webpack.config.js's
 * serverBuild) into V8 inside Django's process and calls campServer.render for a public page.
 * The HTML goes into the page's #root, and the browser's app takes it over (src/app/start.jsx).
 */
import "./server/platform";

import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";

import { approvedClassesFirstKey } from "./api/classes";
import { App } from "./app/App";
import { listFilters, readFilters } from "./features/classes/components/classFilters";

// An inline style attribute, as React writes it: the page's policy (camp/settings/csp.py) lets
// no style attribute of the HTML apply, only the app's own through the DOM.
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
const ESCAPED = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

function cssOf(declarations) {
  return declarations
    .replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => ESCAPED[entity])
    .split(";")
    .filter((declaration) => declaration.trim())
    .map((declaration) => `${declaration.replace(/</g, "\\3c ")} !important`)
    .join(";");
}

/*
 * The page at `url` (path and query) as a visitor first sees it, from `firstScreen`, the
 * answers the page carries (camp/first_screen.py), as JSON: `html` for #root and `css` for a
 * <style> block with the page's nonce. Each style attribute React wrote becomes a mark
 * (data-drawn-style) and its rule, as strong as the attribute was, in `css`; taking the page
 * over, React sets no attribute again, so the rule stays what styles the element until the app
 * changes that style itself.
 *
 * A route's module arrives through React.lazy even here; the first drawing of a route asks for
 * it, and its HTML stands in the loading bar, marked as one for the browser to draw. The server
 * draws such a page again once the module is in (camp/server_render.py).
 */
export function render(url, firstScreen) {
  const rules = new Map();
  const html = renderToString(
    <App
      firstScreen={firstScreen}
      Router={StaticRouter}
      routerProps={{ location: url }}
      takingOver
    />,
  ).replace(STYLE_ATTRIBUTE, (attribute, declarations) => {
    if (!rules.has(declarations)) rules.set(declarations, rules.size);
    return ` data-drawn-style="${rules.get(declarations)}"`;
  });
  const css = [...rules]
    .map(([declarations, mark]) => `[data-drawn-style="${mark}"]{${cssOf(declarations)}}`)
    .join("");
  return JSON.stringify({ html, css });
}

/*
 * The data cache's key of the first page All Classes shows at an address with this query
 * (`?category=...`): the server carries that page's answer under it (camp/first_screen.py), so
 * a filtered list arrives drawn like the unfiltered one.
 */
export function classListKey(query) {
  return approvedClassesFirstKey(listFilters(readFilters(new URLSearchParams(query))));
}
