"""What an app tells the apps above it, which it may not import: every such event, in one list.

Apps import only the apps below them (docs/architecture.md). When a lower app's change matters
to an upper one (more seats in a class, which the waitlist offers on), the lower app publishes
an event named here, and the upper app subscribes its handler when Django starts (its
`AppConfig.ready`). A handler runs at once, in the publisher's transaction, so what it writes
is kept or rolled back with the change; handlers run in the order they subscribed.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    name: str
    publisher: str
    facts: tuple[str, ...]
    description: str


SEATS_ADDED = Event(
    "seats_added",
    publisher="classes",
    facts=("camp_class",),
    description="A class has more seats left than before (an instructor's or an admin's edit), "
    "published with the class row locked.",
)
PERSON_RENAMED = Event(
    "person_renamed",
    publisher="accounts",
    facts=("user",),
    description="A person's name may have changed (any save of a user that could write it).",
)
EVENTS = (SEATS_ADDED, PERSON_RENAMED)

_handlers: dict[Event, list[Callable[..., None]]] = {event: [] for event in EVENTS}


def subscribe(event: Event, handler: Callable[..., None]) -> None:
    """Run `handler(**facts)` at each publishing of `event`; subscribing twice is once."""
    if handler not in _handlers[event]:
        _handlers[event].append(handler)


def publish(event: Event, **facts) -> None:
    if set(facts) != set(event.facts):
        raise TypeError(f"{event.name} is published with {', '.join(event.facts)}.")
    for handler in _handlers[event]:
        handler(**facts)


def subscribers(event: Event) -> list[Callable[..., None]]:
    return list(_handlers[event])
