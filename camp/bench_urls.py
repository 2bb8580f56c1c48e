"""The site's URLs plus the benchmark's floor (camp.settings.bench only)."""

from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse
from django.urls import path

from camp.urls import urlpatterns as site_urlpatterns


@cache
def _floor_body() -> bytes:
    # Read once per worker, after bench/run.py has written it: the floor does no work per request.
    return Path(settings.BENCH_FLOOR_BODY_FILE).read_bytes()


def floor(request):
    """A constant JSON body as long as /api/classes' answer, through the same middleware."""
    return HttpResponse(_floor_body(), content_type="application/json")


# First: camp.urls answers every other /api path with a JSON 404.
urlpatterns = [path("api/_floor", floor, name="bench-floor"), *site_urlpatterns]
