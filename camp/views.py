import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control

# As Django's json_script escapes: no "</script>" or markup can end the block early.
_JSON_IN_SCRIPT = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


@lru_cache(maxsize=1)
def _bundle_manifest_cached(path: str, mtime: float) -> dict:
    return json.loads(Path(path).read_text())


def bundle_manifest() -> dict:
    """The entry files webpack wrote for the app; re-read only when a build replaces it."""
    path = settings.BUNDLE_MANIFEST
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return {}
    return _bundle_manifest_cached(str(path), mtime)


def browser_config() -> dict:
    emulator = settings.FIREBASE_AUTH_EMULATOR_HOST
    return {
        "apiBase": settings.API_BASE,
        "siteName": settings.SITE_NAME,
        "firebase": {
            "apiKey": settings.FIREBASE_WEB_API_KEY,
            "authDomain": settings.FIREBASE_AUTH_DOMAIN,
            "projectId": settings.FIREBASE_PROJECT_ID,
        },
        "authEmulatorUrl": f"http://{emulator}" if emulator else None,
        "stripe": {
            "publishableKey": settings.STRIPE_PUBLISHABLE_KEY,
            "jsUrl": settings.STRIPE_JS_URL,
        },
    }


# Asked again on every visit, so a new build's bundle names arrive at once; private, because each
# copy carries its own CSP nonce. Not no-store, which would keep it out of the back/forward cache.
@cache_control(private=True, no_cache=True)
def spa(request, *args, **kwargs):
    """The single page that loads the React app; the app owns every client route."""
    config = browser_config()
    entry = bundle_manifest().get("entrypoints", {}).get("main", {}).get("assets", {})
    context = {
        "scripts": [f"dist/{name}" for name in entry.get("js", [])],
        "styles": [f"dist/{name}" for name in entry.get("css", [])],
        "config": config,
        "config_json": mark_safe(  # noqa: S308 - escaped for a script block just above
            json.dumps(config, cls=DjangoJSONEncoder).translate(_JSON_IN_SCRIPT)
        ),
        "site_name": settings.SITE_NAME,
    }
    return render(request, "index.html", context)
