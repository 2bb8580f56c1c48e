import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.sitemaps import views as sitemaps
from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from accounts.selectors import instructor_get
from camp import first_screen, server_render
from camp.compression import compressed_page
from camp.seo import (
    PageMeta,
    class_page_meta,
    contact_page_meta,
    instructor_page_meta,
    script_json,
    site_page_meta,
)
from camp.sitemaps import SITEMAPS
from classes.access import access_class_for_viewer
from core.errors import NotFound
from core.school_time import school_today
from pages.selectors import site_page_get

# Search engines read the sitemap and robots.txt now and then; an hour old is fresh enough.
CRAWLER_FILES_MAX_AGE = 60 * 60
# Kept out of search results: the private pages and the back office. The API stays open: a
# search engine renders the class pages with the browser app, which reads the API.
NOT_FOR_CRAWLERS = ("/dashboard", "/admin")


# The manifest and the route chunks' file, each kept until a build replaces it.
@lru_cache(maxsize=2)
def _build_file_read(path: str, mtime: float) -> dict:
    return json.loads(Path(path).read_text())


def bundle_language() -> str:
    """The language of the build the request gets: each language is a build of its own
    (frontend/webpack.config.js), English beside the manifest and another in a folder named for
    it. A language not built (English alone, while working) gets the English build."""
    language = get_language() or settings.LANGUAGE_CODE
    if language != settings.LANGUAGE_CODE and bundle_manifest(language):
        return language
    return settings.LANGUAGE_CODE


def _build_path(language: str, name: str) -> Path:
    folder = settings.BUNDLE_MANIFEST.parent
    return folder / name if language == settings.LANGUAGE_CODE else folder / language / name


def bundle_manifest(language: str = settings.LANGUAGE_CODE) -> dict:
    """The entry files webpack wrote for the app; re-read only when a build replaces it."""
    return _build_file(_build_path(language, settings.BUNDLE_MANIFEST.name))


def route_chunks(language: str = settings.LANGUAGE_CODE) -> dict:
    """Each lazy route chunk's own files (frontend/scripts/route-chunks-plugin.js)."""
    return _build_file(_build_path(language, "route-chunks.json"))


def _build_file(path: Path) -> dict:
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return {}
    return _build_file_read(str(path), mtime)


def heading_typeface(language: str = settings.LANGUAGE_CODE) -> str | None:
    """The headings' typeface file, the one web font the bundle carries (frontend/src/index.jsx).
    A drawn page asks for it beside its stylesheet rather than once the stylesheet has named it:
    its first screen's headings wait for it either way."""
    manifest = bundle_manifest(language)
    return next((file for name, file in manifest.items() if name.endswith(".woff2")), None)


def browser_config() -> dict:
    emulator = settings.FIREBASE_AUTH_EMULATOR_HOST
    return {
        "apiBase": settings.API_BASE,
        "siteName": settings.SITE_NAME,
        # The day and the hours staff read (today's attendance) are the school's, whatever zone
        # the device is set to.
        "schoolTimeZone": settings.SCHOOL_TIMEZONE,
        # The school's date as the page is made: the key Home's classes starting soon are carried
        # under (camp/first_screen.py), with no time-zone table for the phone to load to find it.
        "schoolToday": school_today().isoformat(),
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


def _page(
    request,
    *,
    meta: PageMeta | None = None,
    status: int = 200,
    first_asks: list[first_screen.Ask] = (),
    route_chunk: str | None = None,
    drawn: bool = False,
):
    """The app's page; `route_chunk` names the lazy chunk that draws this route, asked for in
    the head beside the entry so the first render does not wait for the entry to ask for it.
    A public page is `drawn`: its first screen arrives as HTML (camp/server_render.py)."""
    config = browser_config()
    first = first_screen.first_screen(first_asks)
    language = bundle_language()
    folder = "dist/" if language == settings.LANGUAGE_CODE else f"dist/{language}/"
    entry = bundle_manifest(language).get("entrypoints", {}).get("main", {}).get("assets", {})
    route = route_chunks(language).get(route_chunk, {}) if route_chunk else {}
    drawn_page = (
        server_render.first_screen_html(
            path=request.get_full_path(),
            language=language,
            first_screen_json=first.json,
            config=config,
        )
        if drawn
        else None
    )
    scripts = [f"{folder}{name}" for name in entry.get("js", [])]
    route_scripts = [f"{folder}{name}" for name in route.get("js", [])]
    typeface = heading_typeface(language) if drawn_page else None
    context = {
        "scripts": scripts,
        "styles": [f"{folder}{name}" for name in [*entry.get("css", []), *route.get("css", [])]],
        "preloaded_scripts": route_scripts,
        # A page drawn by the server is shown before its scripts are asked for: their download
        # and run never stand before its largest paint (templates/index.html).
        "scripts_after_paint": (
            script_json([static(name) for name in [*scripts, *route_scripts]])
            if drawn_page
            else None
        ),
        "config": config,
        "config_json": script_json(config),
        "site_name": settings.SITE_NAME,
        "page": meta,
        "not_found": status == 404,
        "first_screen_json": first.json,
        "first_picture": first.picture,
        "heading_typeface": f"{folder}{typeface}" if typeface else None,
        "drawn": drawn_page,
        # The visitor's language (core.language), which the page is written in.
        "language": get_language(),
    }
    return render(request, "index.html", context, status=status)


def drawn_page(view):
    """A public page the server draws: asked again on every visit like every page (below), and
    compressed, since its HTML and the answers it carries are the first bytes a phone waits for
    (the body is the public's own, with no secret in it for a compression attack to find)."""
    return compressed_page(cache_control(private=True, no_cache=True)(view))


# Asked again on every visit, so a new build's bundle names arrive at once; private, because each
# copy carries its own CSP nonce. Not no-store, which would keep it out of the back/forward cache.
@cache_control(private=True, no_cache=True)
def spa(request, *args, **kwargs):
    """The single page that loads the React app; the app owns every client route."""
    return _page(request)


# Home and All Classes are the same page too, carrying the data of their first screen and asking
# for their own chunk (frontend/src/app/router.jsx) beside the entry; All
# Instructors, the preload of its first photo. Each public page arrives drawn (`drawn_page`).


@drawn_page
def home_page(request):
    return _page(request, first_asks=first_screen.home_asks(), route_chunk="home", drawn=True)


@drawn_page
def all_classes_page(request):
    def filtered_key():
        return server_render.class_list_key(
            query=request.META.get("QUERY_STRING", ""),
            language=bundle_language(),
            config=browser_config(),
        )

    return _page(
        request,
        first_asks=first_screen.all_classes_asks(request.GET, filtered_key),
        route_chunk="classes",
        drawn=True,
    )


@drawn_page
def all_instructors_page(request):
    return _page(request, first_asks=first_screen.all_instructors_asks(), drawn=True)


# The class and instructor pages are the same page, with their real title, description,
# picture and structured data in the head for link previews and search engines. An address
# that shows nothing public answers 404 with the same page: crawlers drop it, and the app
# still loads to say "not found", or to show a class under review to its own instructor,
# whose access token the app sends to the API.


def _drawn_page_of(request, shown, *, meta, first_asks, route_chunk: str):
    """The drawn page of `shown` (a class, an instructor, a school's page) with its `meta` and
    `first_asks` made from it, or the app's page answering 404 when nothing public is there."""
    if shown is None:
        return _page(request, status=404)
    return _page(
        request,
        meta=meta(request, shown),
        first_asks=first_asks(shown),
        route_chunk=route_chunk,
        drawn=True,
    )


@drawn_page
def class_page(request, class_id: int):
    try:
        # As the public sees it, whoever is signed in to the back office in this browser.
        camp_class = access_class_for_viewer(user=AnonymousUser(), class_id=class_id)
    except NotFound:
        camp_class = None
    return _drawn_page_of(
        request,
        camp_class,
        meta=class_page_meta,
        first_asks=lambda shown: first_screen.class_asks(shown.pk),
        route_chunk="class",
    )


@drawn_page
def instructor_page(request, instructor_id: int):
    return _drawn_page_of(
        request,
        instructor_get(user_id=instructor_id),
        meta=instructor_page_meta,
        first_asks=lambda shown: first_screen.instructor_asks(shown.pk),
        route_chunk="instructor",
    )


@cache_control(private=True, no_cache=True)
def sign_in_page(request):
    """Log in and Register: the app's page, with the sign-in forms' chunk asked for at once."""
    return _page(request, route_chunk="sign-in")


@drawn_page
def site_page(request, slug: str):
    """About us and the policies: the browser app's page, with the page's title in the head."""
    return _drawn_page_of(
        request,
        site_page_get(slug=slug),
        meta=site_page_meta,
        first_asks=lambda shown: first_screen.site_page_asks(shown.slug),
        route_chunk="school-pages",
    )


@drawn_page
def contact_page(request):
    return _page(request, meta=contact_page_meta(request), route_chunk="contact", drawn=True)


@require_safe
@cache_control(public=True, max_age=CRAWLER_FILES_MAX_AGE)
def robots_txt(request):
    lines = [
        "User-agent: *",
        *(f"Disallow: {path}" for path in NOT_FOR_CRAWLERS),
        "",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


@require_safe
@cache_control(public=True, max_age=CRAWLER_FILES_MAX_AGE)
def sitemap_index(request):
    """/sitemap.xml: the index of the sections, so a section past 50,000 addresses gets more
    pages (?p=2) that crawlers find here."""
    return sitemaps.index(request, SITEMAPS, sitemap_url_name="sitemap-section")


@require_safe
@cache_control(public=True, max_age=CRAWLER_FILES_MAX_AGE)
def sitemap_section(request, section: str):
    # Django's own template, with the pictures a page shows (`camp.sitemaps`) beside it.
    return sitemaps.sitemap(
        request, SITEMAPS, section=section, template_name="sitemap_with_pictures.xml"
    )
