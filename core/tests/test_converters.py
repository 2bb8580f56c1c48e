"""A row id in a path beyond the database's integer range matches no URL: 404, never a 500."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from core.converters import LARGEST_ROW_ID, NO_ROW_ID, RowIdConverter

pytestmark = pytest.mark.django_db

HUGE_IDS = [LARGEST_ROW_ID + 1, 99999999999999999999]


def paths_with_a_row_id(patterns=None, prefix=""):
    """Every URL pattern of the site that takes a row id, as its route."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith("admin/"):
            continue  # Django's own admin, whose ids are its own
        if isinstance(pattern, URLResolver):
            yield from paths_with_a_row_id(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and re.search(r"<(\w+:)?\w+_id>", route):
            yield route


def test_every_path_with_an_id_takes_it_through_the_row_id_converter():
    routes = list(paths_with_a_row_id())

    assert "api/enrolments/<id:enrolment_id>/cancellation" in routes
    # A file's name after its row's id (a piece of artwork's picture) names no row: any other
    # parameter of a path with a row id is that id.
    shaped = re.compile(r"[^<]*(<id:\w+>[^<]*)+(<str:name>)?")
    assert [route for route in routes if not shaped.fullmatch(route)] == []


@pytest.mark.parametrize("huge_id", HUGE_IDS)
def test_a_huge_id_answers_not_found_on_every_path(client_as, huge_id):
    """Each path, asked by every method as every role: a refusal (of the method, the role, or an
    empty body checked before the row is looked up) or the row not found, never a 500."""
    answers = {}
    for route in paths_with_a_row_id():
        url = "/" + re.sub(r"<id:\w+>", str(huge_id), route)
        answers[route] = {
            getattr(client_as(who), method)(url).status_code
            for who in ["anonymous", "student", "instructor", "admin"]
            for method in ["get", "post", "put", "patch", "delete"]
        }

    assert len(answers) > 20
    assert {
        route: statuses
        for route, statuses in answers.items()
        if not statuses <= {400, 401, 403, 404, 405}
    } == {}
    assert answers["api/enrolments/<id:enrolment_id>/cancellation"] >= {404}


def test_an_id_in_range_is_an_ordinary_number_and_one_past_it_names_no_row():
    converter = RowIdConverter()

    assert converter.to_python(str(LARGEST_ROW_ID)) == LARGEST_ROW_ID
    assert converter.to_url(42) == "42"
    assert converter.to_python(str(LARGEST_ROW_ID + 1)) == NO_ROW_ID
