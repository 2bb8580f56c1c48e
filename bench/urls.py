"""The site's URLs plus the benchmark's floors (bench.settings only)."""

from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpResponse
from django.urls import path

from camp.urls import urlpatterns as site_urlpatterns


@cache
def floor_body(name: str) -> bytes | None:
    # Read once per worker, after bench/run.py has written it: the floor does no work per request.
    body = Path(settings.BENCH_FLOOR_DIR) / f"{name}.json"
    return body.read_bytes() if body.is_file() else None


def floor(request, name: str):
    """A constant JSON body as long as one endpoint's answer, through the same middleware."""
    body = floor_body(name)
    if body is None:
        raise Http404("No such floor.")
    return HttpResponse(body, content_type="application/json")


# First: camp.urls answers every other /api path with a JSON 404.
urlpatterns = [path("api/_floor/<slug:name>", floor, name="bench-floor"), *site_urlpatterns]
