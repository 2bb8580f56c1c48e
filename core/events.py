"""What an app tells or asks the apps above it, which it may not import: every such event and
question, in one list each.

Apps import only the apps below them (docs/architecture.md). When a lower app's change matters
to an upper one (more seats in a class, which the waitlist offers on), the lower app publishes
an event named here, and the upper app subscribes its handler when Django starts (its
`AppConfig.ready`). A handler runs at once, in the publisher's transaction, so what it writes
is kept or rolled back with the change; handlers run in the order they subscribed.

When a lower app needs a fact an upper one owns (how many seats of a class are held for
families paying, which the class's answer shows), it asks a question named here; exactly one
upper app answers it, registered the same way.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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
PERSON_REGISTERED = Event(
    "person_registered",
    publisher="accounts",
    facts=("user",),
    description="A person registered their profile, the first time they did (POST /api/users).",
)
PARTICIPANT_LEAVING = Event(
    "participant_leaving",
    publisher="accounts",
    facts=("participant",),
    description="A child's record is about to be removed, its row locked: a subscriber refuses "
    "by raising a domain error while the child holds what would then be nobody's.",
)
SEASON_CHANGED = Event(
    "season_changed",
    publisher="classes",
    facts=("season",),
    description="A season was saved or removed in the back office, or its opening moved "
    "(`classes.services.season_opening_move`): its opening may have moved.",
)
EVENTS = (SEATS_ADDED, PERSON_RENAMED, PERSON_REGISTERED, PARTICIPANT_LEAVING, SEASON_CHANGED)

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


@dataclass(frozen=True)
class Question:
    name: str
    asker: str
    facts: tuple[str, ...]
    description: str


SEATS_HELD = Question(
    "seats_held",
    asker="classes",
    facts=("class_id", "now"),
    description="How many seats of the class are held for families at that moment (paying, or "
    "offered from the waitlist), which an edit may not take away.",
)
SEATS_FREE_IN_QUERY = Question(
    "seats_free_in_query",
    asker="classes",
    facts=("now",),
    description="A class row's seats free at that moment, as a query expression a list of "
    "classes is annotated or filtered with.",
)
SEATS_FREE_SHOWN = Question(
    "seats_free_shown",
    asker="classes",
    facts=("seats_left",),
    description="The seats free a class list shows now, for classes with these seats left "
    "({class id: seats}): {class id: seats free}.",
)
SEAT_HOLDERS = Question(
    "seat_holders",
    asker="classes",
    facts=("class_id",),
    description="The accounts that hold an active seat in the class, for the messages its "
    "changes send: a queryset of users.",
)
WAITING_FAMILIES = Question(
    "waiting_families",
    asker="classes",
    facts=("class_id",),
    description="The accounts with a place on the class's waitlist (waiting or offered a "
    "seat), for the messages its changes send: a queryset of users.",
)
CARE_READ_SCOPE = Question(
    "care_read_scope",
    asker="care",
    facts=("instructor_id", "participant_id"),
    description="How much of a child's care record an instructor may read: None unless the "
    "child holds a seat in a class they teach; 'full' where such a class is marked as needing "
    "the whole record, else 'class' (what a day of camp needs).",
)
PRICE_IN_WORDS = Question(
    "price_in_words",
    asker="enrolments",
    facts=("participant", "camp_class"),
    description="What a seat in the class costs the participant now, in the payment page's "
    "words, for a message (a waitlist offer): [{label, amount}], the list price, each "
    "adjustment by name and the total due.",
)
CLASS_PLANS = Question(
    "class_plans",
    asker="classes",
    facts=("camp_class",),
    description="The payment plans the class offers a checkout today, scheduled on its list "
    "price: [{id, label, deposit, instalments: [{due_on, amount}]}].",
)
ADD_ON_OPTIONS_HELD = Question(
    "add_on_options_held",
    asker="extras",
    facts=("option_ids", "now"),
    description="Of each add-on option, how many are held with seats at that moment "
    "(families paying): {option id: quantity}.",
)
READER_LANGUAGE = Question(
    "reader_language",
    asker="notifications",
    facts=("address",),
    description="The language the person with this e-mail address reads their mail in (one "
    "of settings.LANGUAGES), or None for an address that is nobody's account.",
)
QUESTIONS = (
    SEATS_HELD,
    SEATS_FREE_IN_QUERY,
    SEATS_FREE_SHOWN,
    SEAT_HOLDERS,
    WAITING_FAMILIES,
    CARE_READ_SCOPE,
    PRICE_IN_WORDS,
    CLASS_PLANS,
    ADD_ON_OPTIONS_HELD,
    READER_LANGUAGE,
)

_answerers: dict[Question, Callable[..., Any]] = {}


def answer_with(question: Question, answerer: Callable[..., Any]) -> None:
    """`answerer(**facts)` answers `question`; one app answers each question."""
    if _answerers.get(question, answerer) is not answerer:
        raise ValueError(f"{question.name} is answered already.")
    _answerers[question] = answerer


def ask(question: Question, **facts) -> Any:
    if set(facts) != set(question.facts):
        raise TypeError(f"{question.name} is asked with {', '.join(question.facts)}.")
    return _answerers[question](**facts)


def answerer(question: Question) -> Callable[..., Any] | None:
    return _answerers.get(question)
