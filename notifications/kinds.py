"""Which kinds of message there are. Each app names the messages it sends, as a TextChoices of
its own (`<app>/message_kinds.py`, with its templates in `<app>/templates/notifications/`), and
registers it when Django starts (its `AppConfig.ready`). The outbox queues only a registered
kind; the back office shows each kind's label.

A kind may be composed when it is sent rather than when it is queued (a receipt, queued on the
busiest requests): its app names the composer that makes the message's context and calendar from
the facts queued (`compose_with`), and the worker that sends the row asks it."""

from collections.abc import Callable
from typing import NamedTuple

from django.db.models import TextChoices


class Composed(NamedTuple):
    """A message as its composer makes it: the context its templates render, and the iCalendar
    document sent beside it (empty for none)."""

    context: dict
    calendar: bytes | str = b""


_kinds: dict[str, tuple[str, str]] = {}
_composers: dict[str, Callable[[dict], Composed]] = {}


def register(kinds: type[TextChoices], *, app: str) -> None:
    """The kinds `app` sends; a kind is one app's only."""
    for kind in kinds:
        owner = _kinds.get(kind.value)
        if owner is not None and owner[0] != app:
            raise ValueError(f"The message kind {kind.value!r} is sent by {owner[0]} already.")
        _kinds[kind.value] = (app, kind.label)


def is_registered(kind: str) -> bool:
    return kind in _kinds


def label_of(kind: str) -> str:
    return _kinds[kind][1] if kind in _kinds else kind


def app_of(kind: str) -> str:
    return _kinds[kind][0]


def registered() -> list[str]:
    return sorted(_kinds)


def compose_with(kind: str, composer: Callable[[dict], Composed]) -> None:
    """`composer` makes the messages of `kind` queued to be composed when they are sent, from
    the facts each was queued with; one composer per kind, its own app's."""
    if not is_registered(kind):
        raise ValueError(f"No app sends messages of the kind {kind!r}.")
    if _composers.get(kind, composer) is not composer:
        raise ValueError(f"The message kind {kind!r} has a composer already.")
    _composers[kind] = composer


def composer_of(kind: str) -> Callable[[dict], Composed]:
    try:
        return _composers[kind]
    except KeyError:
        raise ValueError(f"No composer makes messages of the kind {kind!r}.") from None
