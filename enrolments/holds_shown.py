"""The seats held for families, as the class lists show them: read again only after a hold
changed, so a list served a thousand times a second costs no query for them.

Every write of a hold (`SeatHold` and its querysets) replaces a token in the shared cache once
its transaction commits (`core.public_cache.SharedToken`, as the lists' own generation); a
process reads the holds again when it finds a token it has not read them under. A hold that runs
out needs no write: its expiry is read with it, and it stops counting at that moment. Decisions
never read this: they count holds in the database, under the class's lock.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from core.public_cache import SharedToken

Expiries = dict[int, list[datetime]]

_token = SharedToken("seat-holds:generation")


@dataclass(frozen=True)
class _Read:
    token: str | None
    by_class: Expiries


# What this process last read, and under which token (one object, swapped whole).
_last = _Read(None, {})


def holds_changed() -> None:
    """Every process reads the holds again at its next serving of a list, once the current
    transaction commits (at once outside one)."""
    _token.replace_after_commit()


def expiries_by_class(read: Callable[[], Expiries]) -> Expiries:
    """Each class's live holds as their expiry times, `read()` again only after a change."""
    global _last
    last = _last
    token = _token.current()
    if token != last.token:
        last = _last = _Read(token, read())
    return last.by_class
