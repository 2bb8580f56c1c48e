"""The data of a public page's first screen, carried by the page itself.

The browser app would ask the API for it as soon as it starts; the page view asks first, and
the page hands the answers to the app's data cache (frontend/src/config/firstScreen.js), so the
first render needs no request. Each answer is the API's own, for a visitor, from the same cache
(`visitor_answer`), under the exact key the app's data cache uses (frontend/src/api/).

Only the first screen, and only what every visitor gets: never anything of the person asking,
and a whole unpaged list only where a page shows it whole (the instructors, on Home and All
Instructors). The page stays `private, no-cache` as before, so every visit carries answers as
fresh as an API request. The same answers are what the server draws the page from
(camp/server_render.py).

The same answers name the page's first picture, the largest paint of a class's or an
instructor's page and of All Classes' first card: the head preloads it (`FirstScreen.picture`),
so its download starts with the page rather than after the app has run. Home has none: its
first screen is the hero, drawn in CSS, and its cards' pictures wait below the fold.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from camp.seo import escape_json_in_script
from classes.filters import ClassFilter
from core.pictures import Sources, sources
from core.public_cache import visitor_answer
from core.school_time import school_today

# As the app's api/classes.js asks: the approved classes, filters in CLASS_FILTERS' order, then
# the page.
APPROVED = "/classes?status=Approved"
# All Classes without a filter, soonest first: its first page of APPROVED_PAGE_SIZE.
ALL_CLASSES_FIRST_PAGE = f"{APPROVED}&ordering=soonest&page=1&page_size=24"
STARTING_SOON_COUNT = 6
TOTAL_HEADER = "X-Total-Count"


@dataclass(frozen=True)
class PictureIn:
    """Where an answer names the page's first picture, and where the page shows it (a place of
    core.pictures.SIZES, the `sizes` the browser app gives that picture)."""

    address: Callable[[object], str | None]
    place: str


@dataclass(frozen=True)
class Ask:
    """One request of the app's first render: its key, whether the app reads it as a page of a
    longer list, which needs the list's total beside the page's items, and whether its answer
    holds the page's first picture. An answer asked only for its picture is not carried."""

    key: str
    paged: bool = False
    picture: PictureIn | None = None
    carried: bool = True


@dataclass(frozen=True)
class FirstScreen:
    # The <script> block's JSON, or None when there is nothing to carry.
    json: SafeString | None
    # The first picture, to preload as the browser app will draw it; None when there is none.
    picture: Sources | None


def _first_card(field: str) -> Callable[[object], str | None]:
    return lambda items: items[0].get(field) if items else None


def _own(field: str) -> Callable[[object], str | None]:
    return lambda item: item.get(field)


def starting_soon_key() -> str:
    # The app asks from the school's date too (todayAtSchool), in the browser and on the server
    # that draws the page, so the key is the same wherever the visitor is.
    today = school_today().isoformat()
    return f"{APPROVED}&startsAfter={today}&ordering=soonest&page=1&page_size={STARTING_SOON_COUNT}"


def home_asks() -> list[Ask]:
    # The most popular instructors, further down, come from the whole list of instructors, as
    # on All Instructors: the page arrives whole, nothing on it loading.
    return [Ask("/popularClasses"), Ask(starting_soon_key()), Ask("/instructors")]


def all_classes_asks(
    query_params, filtered_key: Callable[[], str | None] = lambda: None
) -> list[Ask]:
    """All Classes as the address opens it. A filtered or sorted list's key is the app's own,
    asked of `filtered_key` only when the address filters (camp/server_render.class_list_key);
    without it, the app asks for the list."""
    first_page = ALL_CLASSES_FIRST_PAGE
    if any(name in query_params for name in ClassFilter.base_filters):
        first_page = filtered_key()
        if first_page is None:
            return []
    first_card = PictureIn(_first_card("image"), "card")
    return [Ask(first_page, paged=True, picture=first_card), Ask("/categories")]


def all_instructors_asks() -> list[Ask]:
    """All Instructors carries its whole list, which it shows whole (never paged): the page
    arrives drawn with every instructor, and its first card's photo preloaded."""
    first_card = PictureIn(_first_card("photo"), "card")
    return [Ask("/instructors", picture=first_card)]


def class_asks(class_id: int) -> list[Ask]:
    return [Ask(f"/classes/{class_id}", picture=PictureIn(_own("image"), "classPage"))]


def instructor_asks(instructor_id: int) -> list[Ask]:
    photo = PictureIn(_own("photo"), "instructorPage")
    return [Ask(f"/instructors/{instructor_id}", picture=photo)]


def site_page_asks(slug: str) -> list[Ask]:
    # As the app's api/sitePages.js names it.
    return [Ask(f"/pages/{slug}")]


def first_screen(asks: list[Ask]) -> FirstScreen:
    """`{"answers": {key: the API's JSON}, "totals": {key: its X-Total-Count}}` for a
    <script> block, and the first picture.

    Written from the answers' own bytes, which are already JSON, rather than parsed and
    written again; only the answer that names the picture is read.
    """
    answers = []
    totals = []
    picture = None
    for ask in asks:
        answer = visitor_answer(ask.key)
        if answer is None:
            continue
        if ask.picture and picture is None:
            address = ask.picture.address(json.loads(answer.body))
            # An address without smaller copies (an upload, a picture elsewhere on the web)
            # is preloaded as it is: the <img> asks for that very address at once too.
            picture = sources(address, ask.picture.place) if address else None
        if not ask.carried:
            continue
        key = escape_json_in_script(json.dumps(ask.key))
        answers.append(f"{key}:{escape_json_in_script(answer.body.decode())}")
        if ask.paged and TOTAL_HEADER in answer.headers:
            totals.append(f"{key}:{int(answer.headers[TOTAL_HEADER])}")
    if not answers:
        return FirstScreen(json=None, picture=picture)
    carried = mark_safe(  # noqa: S308 - every part is escaped above
        '{"answers":{' + ",".join(answers) + '},"totals":{' + ",".join(totals) + "}}"
    )
    return FirstScreen(json=carried, picture=picture)
