"""The data of a public page's first screen, carried by the page itself.

The browser app would ask the API for it as soon as it starts; the page view asks first, and
the page hands the answers to the app's data cache (frontend/src/config/firstScreen.js), so the
first render needs no request. Each answer is the API's own, for a visitor, from the same cache
(`visitor_answer`), under the exact key the app's data cache uses (frontend/src/api/).

Only the first screen, and only what every visitor gets: never a whole unpaged list, never
anything of the person asking. The page stays `private, no-cache` as before, so every visit
carries answers as fresh as an API request.
"""

import json
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from camp.seo import escape_json_in_script
from classes.filters import ClassFilter
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
class Ask:
    """One request of the app's first render: its key, and whether the app reads it as a page
    of a longer list, which needs the list's total beside the page's items."""

    key: str
    paged: bool = False


def starting_soon_key() -> str:
    # The app asks from the visitor's own date; the school's is the best guess of it. A visitor
    # elsewhere whose date differs asks for the list, as without this.
    today = school_today().isoformat()
    return f"{APPROVED}&startsAfter={today}&ordering=soonest&page=1&page_size={STARTING_SOON_COUNT}"


def home_asks() -> list[Ask]:
    # The most popular instructors, further down, come from the whole list of instructors,
    # which no page carries.
    return [Ask("/popularClasses"), Ask(starting_soon_key())]


def all_classes_asks(query_params) -> list[Ask]:
    """All Classes as the address opens it; a filtered or sorted list is the app's to ask for."""
    if any(name in query_params for name in ClassFilter.base_filters):
        return []
    return [Ask(ALL_CLASSES_FIRST_PAGE, paged=True), Ask("/categories")]


def class_asks(class_id: int) -> list[Ask]:
    return [Ask(f"/classes/{class_id}")]


def instructor_asks(instructor_id: int) -> list[Ask]:
    return [Ask(f"/instructors/{instructor_id}")]


def first_screen_json(asks: list[Ask]) -> SafeString | None:
    """`{"answers": {key: the API's JSON}, "totals": {key: its X-Total-Count}}` for a
    <script> block, or None when there is nothing to carry.

    Written from the answers' own bytes, which are already JSON, rather than parsed and
    written again.
    """
    answers = []
    totals = []
    for ask in asks:
        answer = visitor_answer(ask.key)
        if answer is None:
            continue
        key = escape_json_in_script(json.dumps(ask.key))
        answers.append(f"{key}:{escape_json_in_script(answer.body.decode())}")
        if ask.paged and TOTAL_HEADER in answer.headers:
            totals.append(f"{key}:{int(answer.headers[TOTAL_HEADER])}")
    if not answers:
        return None
    return mark_safe(  # noqa: S308 - every part is escaped above
        '{"answers":{' + ",".join(answers) + '},"totals":{' + ",".join(totals) + "}}"
    )
