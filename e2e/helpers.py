"""Steps and checks the end-to-end tests share."""

import re
from pathlib import Path

from django.conf import settings
from playwright.sync_api import BrowserContext, Page, expect

from e2e.language import spoken

AXE_SCRIPT = settings.BASE_DIR / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
DEMO_IMAGES = settings.BASE_DIR / "static" / "img" / "demo"
GAPI_OFFLINE = Path(__file__).with_name("gapi_offline.js")
BLOCKING_IMPACTS = {"serious", "critical"}
PASSWORD = "Camp@2003"


def demo_image(name: str) -> str:
    """The site path of a demo picture shipped in static/img/demo, so cards show real images."""
    if not (DEMO_IMAGES / Path(name)).is_file():
        raise FileNotFoundError(f"No demo image {name} in {DEMO_IMAGES}")
    return f"{settings.STATIC_URL}img/demo/{name}"


def _why(node: dict) -> str:
    # axe's own account of the failure, e.g. the measured contrast and the two colours.
    checks = node.get("any") or node.get("all") or node.get("none") or []
    return f"- {checks[0]['message']}" if checks else ""


# The rules of WCAG 2.1 at levels A and AA, as axe-core tags them: the level the school promises.
WCAG_21_AA_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")


def _violations(page: Page) -> list[dict]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the browser's debugging protocol: the page's Content-Security-Policy
        # (rightly) refuses an inline script tag, which add_script_tag would insert.
        page.evaluate(AXE_SCRIPT.read_text())
    # A colour half-way through a transition (a button the pointer just came over) is no colour
    # anyone reads: let running transitions end first. Endless animations (a loading bar) run on.
    page.evaluate(
        """() => Promise.all(
            document.getAnimations()
                .filter((animation) => animation instanceof CSSTransition)
                .map((transition) => transition.finished.catch(() => null))
        )"""
    )
    # A grid's cells off screen are drawn only as they come near it (content-visibility: auto),
    # and until then keep the styles of the theme they were last drawn in; a person scrolling
    # sees each drawn anew. axe reads the whole page at once, so every cell is drawn for it.
    page.evaluate(
        """() => new Promise((drawn) => {
            for (const element of document.querySelectorAll("body *")) {
                if (getComputedStyle(element).contentVisibility === "auto") {
                    element.style.contentVisibility = "visible";
                }
            }
            requestAnimationFrame(() => requestAnimationFrame(drawn));
        })"""
    )
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )


def _report(violations: list[dict]) -> str:
    return "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(f"    {node['target']} {_why(node)}" for node in v["nodes"])
        for v in violations
    )


def assert_accessible(page: Page) -> None:
    """Fail on every serious or critical axe-core violation of the page as it stands now."""
    blocking = [v for v in _violations(page) if v["impact"] in BLOCKING_IMPACTS]
    assert not blocking, f"Accessibility violations on {page.url}:\n{_report(blocking)}"


def wcag_failures(page: Page) -> str:
    """axe-core's account of the page as it stands now: every violation of a WCAG 2.1 A or AA
    rule, whatever its impact, and every serious or critical one of its other rules; empty when
    there is none. One run of axe answers both, as two runs (one limited to the WCAG tags) would."""
    failing = [
        v
        for v in _violations(page)
        if set(v["tags"]) & set(WCAG_21_AA_TAGS) or v["impact"] in BLOCKING_IMPACTS
    ]
    return f"On {page.url}:\n{_report(failing)}" if failing else ""


def log_in(page: Page, email: str, password: str = PASSWORD, *, language: str = "en") -> None:
    """Fill and send the login form of the page already showing it, in `language`."""
    form = page.get_by_role("main")
    log_in_words = spoken("Log In", language)
    # A move between pages is a transition: the address says /login a moment before the login
    # form replaces the page that sent it there, which has Email and Password fields of its own.
    expect(form.get_by_role("heading", name=log_in_words, level=1)).to_be_visible()
    form.get_by_label(spoken("Email", language)).fill(email)
    form.get_by_label(spoken("Password", language), exact=True).fill(password)
    form.get_by_role("button", name=log_in_words, exact=True).click()


def serve_gapi_offline(context: BrowserContext) -> None:
    """Let Google sign-in through the Auth emulator run on a machine without internet.

    The Firebase SDK and the emulator's helper iframe load Google's gapi loader from
    apis.google.com only to message each other across origins; gapi_offline.js does that part.
    The emulator's sign-in page also asks for web fonts and styles it can do without.
    """
    script = GAPI_OFFLINE.read_text()
    context.route(
        "https://apis.google.com/js/api.js*",
        lambda route: route.fulfill(body=script, content_type="text/javascript"),
    )
    context.route(
        re.compile(r"^https://(unpkg\.com|fonts\.googleapis\.com)/"), lambda route: route.abort()
    )


def add_google_account(chooser: Page, email: str, name: str, photo: str) -> None:
    """Sign in as a new Google account on the Auth emulator's stand-in for Google's chooser.

    The chooser's buttons are on screen before its script has run (the script waits behind a
    stylesheet's script the machine cannot reach); a press before then does nothing. The script
    first writes the provider's name into the title, so that name says the buttons now work.
    """
    expect(chooser.locator("#title")).to_contain_text("Google.com")
    chooser.get_by_text("Add new account").click()
    chooser.locator("#email-input").fill(email)
    chooser.locator("#display-name-input").fill(name)
    chooser.locator("#profile-photo-input").fill(photo)
    chooser.get_by_role("button", name="Sign in with Google.com").click()
