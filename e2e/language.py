"""Checks that a page a Spanish family reads is in Spanish: no message of the browser app's or the
server's catalogue shows in its English form. The school's own data (class titles, names) is the
school's to write and is not checked, nor is a part the page marks as written in another language
(the school's policies and pages, in the language the school writes them)."""

import re
from functools import cache

import polib
from django.conf import settings
from playwright.sync_api import BrowserContext, Page

CATALOGUES = (
    settings.BASE_DIR / "frontend" / "locales" / "es.po",
    settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po",
)
# A word the two languages share ("Total", "Legal") says nothing of the page's language, and a
# message with a placeholder shows only with the placeholder filled in.
PLACEHOLDER = re.compile(r"\$\{|%\(|\{[a-z_]+\}|%s|%d")
SHORTEST_TELLING = 2


@cache
def _translations() -> dict[str, str]:
    """Each message's Spanish, the browser app's first (it draws the pages)."""
    said = {}
    for path in reversed(CATALOGUES):
        if not path.exists():
            continue
        for entry in polib.pofile(str(path)):
            if entry.msgstr and not entry.msgid_plural and not entry.msgctxt:
                said[entry.msgid] = entry.msgstr
    return said


def spoken(text: str, language: str) -> str:
    """What a page in `language` shows for `text`: a message in its translation; the school's
    own words (names, titles), or a message not translated yet, as they are."""
    return _translations().get(text, text) if language == "es" else text


def language_chosen(context: BrowserContext, base_url: str, language: str) -> None:
    """The browser reads the site in `language`, as the header's switch leaves it."""
    context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base_url}]
    )


@cache
def english_phrases() -> tuple[re.Pattern, ...]:
    phrases = set()
    for path in CATALOGUES:
        if not path.exists():
            continue
        for entry in polib.pofile(str(path)):
            english = entry.msgid.strip()
            if not english or PLACEHOLDER.search(english) or entry.msgid_plural:
                continue
            if entry.msgstr.strip() == english or len(english.split()) < SHORTEST_TELLING:
                continue
            phrases.add(english)
    return tuple(re.compile(rf"(?<![\w]){re.escape(phrase)}(?![\w])") for phrase in phrases)


def english_on(page: Page) -> list[str]:
    """The English messages the page shows, read as a person sees it (its visible text, its
    title, and the names of its controls), less the parts it marks as another language's."""
    shown = page.evaluate(
        """() => [
            document.title,
            [...document.body.querySelectorAll('[lang]:not([lang|="es"])')].reduce(
                (text, part) => text.replace(part.innerText, ''), document.body.innerText),
            ...[...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')]
                .map((node) => [node.getAttribute('aria-label'), node.getAttribute('placeholder'),
                                node.getAttribute('title'), node.getAttribute('alt')]
                    .filter(Boolean).join('\\n')),
        ].join('\\n')"""
    )
    return sorted({pattern.pattern for pattern in english_phrases() if pattern.search(shown)})


def assert_in_spanish(page: Page) -> None:
    assert page.evaluate("document.documentElement.lang") == "es", "the page is not in Spanish"
    found = english_on(page)
    assert not found, f"English on {page.url}: {found}"
