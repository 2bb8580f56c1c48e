"""core.events: what a lower app tells the apps above it, in one list."""

from pathlib import Path

import pytest

from camp.tests.test_import_directions import LAYERS
from core import events


def _app_of(handler) -> str:
    return handler.__module__.split(".")[0]


@pytest.mark.parametrize("event", events.EVENTS, ids=lambda event: event.name)
def test_each_event_goes_up_from_its_publisher(event):
    handlers = events.subscribers(event)

    assert handlers
    for handler in handlers:
        assert LAYERS.index(_app_of(handler)) > LAYERS.index(event.publisher), handler


def test_who_listens_to_what():
    assert {
        event.name: [f"{h.__module__}.{h.__name__}" for h in events.subscribers(event)]
        for event in events.EVENTS
    } == {
        "seats_added": ["enrolments.services.waitlists.seats_added_offered"],
        "person_renamed": ["classes.search.instructor_renamed"],
        "person_registered": ["payments.tasks.person_registered_customer_queued"],
        "participant_leaving": [
            "enrolments.services.seats.participant_leaving_checked",
            "lottery.services.participant_leaving_checked",
            "attendance.services.records.participant_leaving_checked",
            "health.services.incidents.participant_leaving_checked",
            "health.services.medications.participant_leaving_checked",
        ],
        "season_changed": ["waiting_room.line.season_changed_synced"],
    }


def test_an_event_is_published_with_exactly_its_facts():
    with pytest.raises(TypeError, match="seats_added is published with camp_class"):
        events.publish(events.SEATS_ADDED, camp_class=None, seats=3)


def test_no_app_sends_django_signals_of_its_own():
    # Signals of our own would be a second, scattered registry of upward calls.
    root = Path(__file__).resolve().parents[2]
    own_signals = [
        str(path.relative_to(root))
        for app in LAYERS + ["pages"]
        for path in (root / app).rglob("*.py")
        if "tests" not in path.parts and "Signal(" in path.read_text()
    ]

    assert own_signals == []


@pytest.mark.parametrize("question", events.QUESTIONS, ids=lambda question: question.name)
def test_each_question_is_answered_by_an_app_above_its_asker(question):
    answerer = events.answerer(question)

    assert answerer is not None
    assert LAYERS.index(_app_of(answerer)) > LAYERS.index(question.asker), answerer


def test_who_answers_what():
    answerers = {question.name: events.answerer(question) for question in events.QUESTIONS}

    assert {name: f"{a.__module__}.{a.__name__}" for name, a in answerers.items()} == {
        "seats_held": "enrolments.availability.seats_held",
        "seats_free_in_query": "enrolments.availability.seats_free_in_query",
        "seats_free_shown": "enrolments.availability.seats_free_shown",
        "seat_holders": "enrolments.selectors.seat_holders_of",
        "waiting_families": "enrolments.selectors.waiting_families_of",
        "care_read_scope": "enrolments.selectors.care_read_scope",
        "price_in_words": "checkout.selectors.price_in_words",
        "class_plans": "plans.selectors.class_plans",
        "add_on_options_held": "enrolments.availability.add_on_options_held",
        "reader_language": "accounts.selectors.reader_language",
    }


def test_a_question_is_asked_with_exactly_its_facts_and_answered_once():
    with pytest.raises(TypeError, match="seat_holders is asked with class_id"):
        events.ask(events.SEAT_HOLDERS, camp_class=None)
    with pytest.raises(ValueError, match="seat_holders is answered already"):
        events.answer_with(events.SEAT_HOLDERS, lambda class_id: [])
