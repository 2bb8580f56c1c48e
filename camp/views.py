import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.shortcuts import render


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


def spa(request, *args, **kwargs):
    """The single page that loads the React app; the app owns every client route."""
    entry = bundle_manifest().get("entrypoints", {}).get("main", {}).get("assets", {})
    context = {
        "scripts": [f"dist/{name}" for name in entry.get("js", [])],
        "styles": [f"dist/{name}" for name in entry.get("css", [])],
        "config": browser_config(),
        "site_name": settings.SITE_NAME,
    }
    return render(request, "index.html", context)
