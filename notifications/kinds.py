"""Which kinds of message there are. Each app names the messages it sends, as a TextChoices of
its own (`<app>/message_kinds.py`, with its templates in `<app>/templates/notifications/`), and
registers it when Django starts (its `AppConfig.ready`). The outbox queues only a registered
kind; the back office shows each kind's label."""

from django.db.models import TextChoices

_kinds: dict[str, tuple[str, str]] = {}


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
