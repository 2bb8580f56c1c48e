"""The opening morning's waiting room turned on for a test, with a line of the test's own in the
suite's Redis (the suite runs with the room off: camp/settings/test.py)."""

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import redis

from testing import services


@contextmanager
def waiting_room_on(settings, name: str) -> Iterator[redis.Redis]:
    """The room on, under keys of its own (`camp-test:<name>:<random>`), letting in one family a
    second at first (ten at most) and read again on every request; a client of its Redis. The
    keys go at the end."""
    url = services.needs_redis(services.TEST_REDIS_URL)
    prefix = f"camp-test:{name}:{uuid.uuid4().hex}"
    settings.WAITING_ROOM_ENABLED = True
    settings.WAITING_ROOM_REDIS_URL = url
    settings.WAITING_ROOM_KEY_PREFIX = prefix
    settings.WAITING_ROOM_RECHECK_SECONDS = 0
    settings.WAITING_ROOM_ADMIT_PER_MINUTE = 60
    settings.WAITING_ROOM_ADMIT_CEILING_PER_MINUTE = 600
    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        yield client
    finally:
        left = list(client.scan_iter(f"{prefix}:*"))
        if left:
            client.delete(*left)
