"""Optional pages on the list endpoints: `?page=&page_size=`, the total in X-Total-Count.

Without either parameter a list answers the plain JSON array the spec's client expects. With
either, the body is still an array (that page's items); X-Total-Count gives every row's count,
and Link names the neighbouring pages with relative URLs, so a cached answer fits any host.

The total is exact up to EXACT_TOTAL_UP_TO rows. Past that, on PostgreSQL, it is the planner's
estimate of the rows (from the table's statistics, which autovacuum keeps current): counting
every row exactly reads every matching row on every page, and the page's own query reads only
its few. A list that long is paged through by its links, which the estimate serves as well.
"""

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlencode

from django.db import connections
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.response import Response

DEFAULT_PAGE_SIZE = 24
MAX_PAGE_SIZE = 100
# Past this a page is a scan of a million rows for nothing; no list here is that long.
MAX_PAGE = 1_000_000

TOTAL_HEADER = "X-Total-Count"
# Counting this many rows costs about what the page itself costs; past it the total is estimated.
EXACT_TOTAL_UP_TO = 1_000
PAGE_PARAMETER_NAMES = frozenset({"page", "page_size"})


class PageQuerySerializer(serializers.Serializer):
    page = serializers.IntegerField(min_value=1, max_value=MAX_PAGE, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=MAX_PAGE_SIZE, required=False)


PAGE_PARAMETERS = [
    OpenApiParameter(
        "page",
        int,
        description="Page number, from 1. With page or page_size the answer is one page, "
        f"and the {TOTAL_HEADER} header gives the total; without, the whole list. The total is "
        f"exact up to {EXACT_TOTAL_UP_TO:,} rows; past that, PostgreSQL's estimate of the rows "
        "(close, not exact).",
    ),
    OpenApiParameter(
        "page_size", int, description=f"Items per page, 1 to {MAX_PAGE_SIZE} (default 24)."
    ),
]


@dataclass(frozen=True)
class PageRequest:
    number: int
    size: int

    @property
    def start(self) -> int:
        return (self.number - 1) * self.size

    @property
    def end(self) -> int:
        return self.start + self.size


def page_requested(query_params) -> PageRequest | None:
    """The page asked for, or None for the whole list; bad values are a 400 naming the field."""
    if "page" not in query_params and "page_size" not in query_params:
        return None
    query = PageQuerySerializer(data=query_params)
    query.is_valid(raise_exception=True)
    return PageRequest(
        number=query.validated_data.get("page", 1),
        size=query.validated_data.get("page_size", DEFAULT_PAGE_SIZE),
    )


def page_total(queryset) -> int:
    """The rows of `queryset`, exact up to EXACT_TOTAL_UP_TO; past it, PostgreSQL's estimate.

    The count reads at most one row past the limit, so it costs the same however long the list.
    """
    # Only the keys: an annotation the filters do not use (seats free) is left out.
    keys = queryset.order_by().values("pk")
    bounded = keys[: EXACT_TOTAL_UP_TO + 1].count()
    if bounded <= EXACT_TOTAL_UP_TO:
        return bounded
    connection = connections[queryset.db]
    if connection.vendor != "postgresql":
        return queryset.count()
    sql, params = keys.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        (plan,) = cursor.fetchone()
    # Never below what was counted: the planner may guess fewer than are there.
    return max(int(plan[0]["Plan"]["Plan Rows"]), bounded)


def page_headers(*, path: str, query_params, page: PageRequest, total: int) -> dict[str, str]:
    """X-Total-Count, and Link to the next and previous pages where they exist."""

    def link(number: int, rel: str) -> str:
        query = {key: value for key, value in query_params.items() if key != "page"}
        query.update(page=number, page_size=page.size)
        return f'<{path}?{urlencode(sorted(query.items()))}>; rel="{rel}"'

    links = []
    if page.end < total:
        links.append(link(page.number + 1, "next"))
    if page.number > 1:
        links.append(link(min(page.number - 1, max(1, -(-total // page.size))), "prev"))
    headers = {TOTAL_HEADER: str(total)}
    if links:
        headers["Link"] = ", ".join(links)
    return headers


@cache
def _answer_of(serializer_class):
    # One serializer per process for each list's rows: DRF copies a serializer's declared
    # fields for every new one, which cost a sixth of a short list's request. The lists pass
    # no context, and a row's answer keeps nothing on the serializer.
    return serializer_class()


def list_answer(
    request, queryset, serializer_class, page: PageRequest | None
) -> tuple[list, dict[str, str]]:
    """The serialized items (the page asked for, or all) and the headers that go with them."""
    answer = _answer_of(serializer_class)
    if page is None:
        return [answer.to_representation(item) for item in queryset], {}
    total = page_total(queryset)
    items = [answer.to_representation(item) for item in queryset[page.start : page.end]]
    headers = page_headers(
        path=request.path, query_params=request.query_params, page=page, total=total
    )
    return items, headers


def list_response(request, queryset, serializer_class) -> Response:
    """A list endpoint's answer: the whole list, or the page the query asks for."""
    page = page_requested(request.query_params)
    data, headers = list_answer(request, queryset, serializer_class, page)
    return Response(data, headers=headers)
