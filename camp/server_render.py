"""A public page's first screen as HTML, drawn by the browser app's own code.

The page view (camp/views.py) asks for the HTML of its first screen; the app's server build
(frontend/src/server.jsx, built beside the browser's by webpack) draws it in V8 inside this
process, through mini-racer, from the same first-screen answers the page carries
(camp/first_screen.py). The HTML goes into the page's #root and the browser's app takes it
over (hydration, frontend/src/app/start.jsx): one source of markup, so what the server sends is
what React expects to find, and the page shows its classes before any script has run, to a
crawler and a browser without scripts as well.

No Node process runs beside the site: V8 comes in mini-racer's wheel, and the build is a static
file like the rest of the bundle. Each process keeps one V8 context per language (each language
is its own build), made at its first page and made again when a build replaces the file; a
drawing holds its context's lock, as V8 runs one script at a time in it.
Whatever goes wrong drawing a page (no build, a script error, a drawing past its time) leaves
#root empty, as before: the browser's app draws the page as it always could.
"""

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils.safestring import SafeString, mark_safe
from py_mini_racer import MiniRacer, init_mini_racer

logger = logging.getLogger(__name__)

# React's mark of a part it could not draw on the server and leaves to the browser.
LEFT_TO_THE_BROWSER = "<!--$!-->"
# A route's module arrives through React.lazy even on the server: the first drawing of a route
# asks for it and the next has it; a page with a lazy part inside (a class's gallery) needs one
# more.
DRAWINGS = 3
# Past this a page is sent without its first screen rather than late.
DRAWING_TIMEOUT_SECONDS = 1.0
# A context holds the whole app; its heap stays far below this.
CONTEXT_MEMORY_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class DrawnPage:
    # For the page's #root, as React wrote it but for its style attributes, which...
    html: SafeString
    # ...are rules of a <style> block with the page's nonce, each for its element's mark.
    css: SafeString


@dataclass
class _Drawer:
    context: MiniRacer
    # The build's file and time and the configuration it was loaded with: a change of any makes
    # a new context (a deploy's build; a setting a test changes).
    build: str
    built_at: float
    config: str
    lock: threading.Lock


# One context per language, each holding the whole app.
_drawers: dict[str, _Drawer] = {}
_drawers_lock = threading.Lock()


def start_v8() -> None:
    """V8 started on the process's main thread, at Django's setup (core's AppConfig.ready).
    Started by a request's thread instead, as mini-racer does at the first page otherwise, V8 takes
    that thread for its own: the next context another thread made (the other language's, on the
    next request) crashed the whole process."""
    if settings.SERVER_RENDER:
        init_mini_racer(ignore_duplicate_init=True)


def server_build(language: str) -> Path:
    return Path(settings.SERVER_RENDER_DIR) / f"{language}.js"


def first_screen_html(
    *, path: str, language: str, first_screen_json: str | None, config: dict
) -> DrawnPage | None:
    """The app at `path` (with its query) drawn for a visitor, or None to leave #root empty for
    the browser's app to draw."""
    call = f"campServer.render({json.dumps(path)}, {first_screen_json or '{}'})"
    drawn = _evaluate(language, config, call, until=lambda drawn: LEFT_TO_THE_BROWSER not in drawn)
    if drawn is None:
        return None
    page = json.loads(drawn)
    if page["html"].startswith(LEFT_TO_THE_BROWSER):
        return None
    # React escaped every text and attribute it wrote, and the server build every rule
    # (frontend/src/server.jsx).
    return DrawnPage(html=mark_safe(page["html"]), css=mark_safe(page["css"]))  # noqa: S308


def class_list_key(*, query: str, language: str, config: dict) -> str | None:
    """The data cache's key of All Classes' first page at an address with this query string,
    as the app itself makes it from the address; None when no build can say."""
    return _evaluate(language, config, f"campServer.classListKey({json.dumps(query)})")


def _evaluate(language: str, config: dict, call: str, until=None):
    if not settings.SERVER_RENDER:
        return None
    drawer = _drawer(language, config)
    if drawer is None:
        return None
    try:
        with drawer.lock:
            for _ in range(DRAWINGS if until else 1):
                result = drawer.context.eval(call, timeout_sec=DRAWING_TIMEOUT_SECONDS)
                # Between two evaluations V8 runs the promises the drawing started.
                if until is None or until(result):
                    break
    except Exception:
        # Any failure of the app's code costs only the server's HTML: the app draws the page.
        logger.exception("The server build failed at %s", call[:200])
        return None
    return result


def _drawer(language: str, config: dict) -> _Drawer | None:
    build = server_build(language)
    try:
        built_at = build.stat().st_mtime
    except FileNotFoundError:
        return None
    config_json = json.dumps(config, sort_keys=True)
    with _drawers_lock:
        drawer = _drawers.get(language)
        loaded = (str(build), built_at, config_json)
        if drawer is not None and (drawer.build, drawer.built_at, drawer.config) == loaded:
            return drawer
        try:
            drawer = _Drawer(_load(build, config), *loaded, threading.Lock())
        except Exception:
            logger.exception("Loading the server build %s failed", build)
            return None
        _drawers[language] = drawer
        return drawer


def _load(build: Path, config: dict) -> MiniRacer:
    context = MiniRacer()
    context.set_hard_memory_limit(CONTEXT_MEMORY_BYTES)
    # What the browser's app reads from the page's JSON blocks (frontend/src/config/config.js).
    context.eval(f"globalThis.campPageJson = {json.dumps({'camp-config': config})};")
    context.eval(build.read_text())
    return context
