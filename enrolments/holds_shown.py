"""The seats held for families, as the class lists show them: read again only after a hold
changed, so a list served a thousand times a second costs no query for them.

Every write of a hold (`SeatHold` and its querysets) replaces a token in the shared cache once
its transaction commits; a process reads the holds again when it finds a token it has not read
them under. Like the lists' own generation (`core.public_cache`), the token is looked at most
once per PUBLIC_LISTS_RECHECK_SECONDS. A hold that runs out needs no write: its expiry is read
with it, and it stops counting at that moment. Decisions never read this: they count holds in
the database, under the class's lock.
"""

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

GENERATION_KEY = "seat-holds:generation"

Expiries = dict[int, list[datetime]]


@dataclass(frozen=True)
class _Read:
    generation: str | None
    by_class: Expiries
    checked_at: float


# What this process last read, under which token, and when it last looked (swapped whole).
_last = _Read(None, {}, float("-inf"))


def holds_changed() -> None:
    """Every process reads the holds again at its next serving of a list, once the current
    transaction commits (at once outside one)."""
    transaction.on_commit(_new_generation, robust=True)


def _new_generation() -> None:
    cache.set(GENERATION_KEY, uuid.uuid4().hex, timeout=None)


def _generation() -> str:
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, uuid.uuid4().hex, timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def expiries_by_class(read: Callable[[], Expiries]) -> Expiries:
    """Each class's live holds as their expiry times, `read()` again only after a change."""
    global _last
    last = _last
    clock = time.monotonic()
    if clock - last.checked_at < settings.PUBLIC_LISTS_RECHECK_SECONDS:
        return last.by_class
    generation = _generation()
    if generation == last.generation:
        _last = replace(last, checked_at=clock)
        return last.by_class
    by_class = read()
    _last = _Read(generation, by_class, clock)
    return by_class
