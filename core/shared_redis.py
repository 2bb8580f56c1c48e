"""The shared cache's Redis, spoken to directly where Django's cache API costs too much: one
client per process and address (Django's cache builds a client and pickles on every call), and
this site's keys under the cache's prefix. Used by the public lists' tokens (core.public_cache)
and the write throttles' counts (core.throttling)."""

from functools import cache

import redis
from django.conf import settings


def shared_redis() -> redis.Redis | None:
    """This process's client of the cache's Redis; None when the cache is not Redis."""
    shared = settings.CACHES["default"]
    if not shared["BACKEND"].endswith("RedisCache"):
        return None
    return _client_at(shared["LOCATION"])


@cache
def _client_at(location: str) -> redis.Redis:
    return redis.Redis.from_url(location)


def shared_key(key: str) -> str:
    """`key` in Redis as this site's keys are, under the cache's prefix."""
    return f"{settings.CACHES['default'].get('KEY_PREFIX', '')}:{key}"
