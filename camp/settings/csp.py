"""The Content-Security-Policy: our own origin plus the Firebase and Stripe hosts in use."""

from urllib.parse import urlsplit

from csp.constants import NONCE, NONE, SELF


def origin_of(url: str | None) -> str | None:
    """scheme://host[:port] of a URL, the unit a Content-Security-Policy names."""
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def content_security_policy(
    *, firebase_auth_domain, firebase_emulator_host, stripe_api_base, stripe_js_url
) -> dict:
    """Our own origin plus the Firebase and Stripe hosts these settings name, nothing else.

    Inline code runs only with the request's nonce (the page's configuration block, the API docs
    page). Images may come from any https host: class banners and portraits are URLs people give.
    """
    emulator = f"http://{firebase_emulator_host}" if firebase_emulator_host else None
    stripe_js = origin_of(stripe_js_url) or "https://js.stripe.com"
    stripe_api = origin_of(stripe_api_base) or "https://api.stripe.com"
    firebase_frame = f"https://{firebase_auth_domain}"
    google_apis = "https://apis.google.com"

    def hosts(*names):
        return [SELF, *dict.fromkeys(name for name in names if name)]

    return {
        "DIRECTIVES": {
            "default-src": [SELF],
            "script-src": [*hosts(stripe_js, google_apis, emulator), NONCE],
            "style-src": [SELF, NONCE],
            "img-src": [SELF, "data:", "blob:", "https:"],
            "font-src": [SELF, "data:"],
            "connect-src": hosts(
                "https://*.googleapis.com", emulator, stripe_api, stripe_js, firebase_frame
            ),
            "frame-src": hosts(
                firebase_frame,
                emulator,
                stripe_js,
                "https://js.stripe.com",
                "https://hooks.stripe.com",
            ),
            "object-src": [NONE],
            "base-uri": [SELF],
            "form-action": [SELF],
            "frame-ancestors": [NONE],
        }
    }
