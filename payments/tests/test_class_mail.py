"""What every e-mail about a class carries, read off the SMTP sink as a family's mail program
gets it: when it meets with the school's time zone, where, who teaches, what to bring, the money
in the payment page's words, and a calendar file whose events are the class feed's own (same
UIDs), PUBLISH for a seat taken and CANCEL for one given up."""

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.db import transaction
from icalendar import Calendar

from accounts.models import Role
from core.school_time import school_today
from enrolments.services import waitlist_join, waitlist_offers_make
from enrolments.services.class_reminders import class_reminders_due
from enrolments.services.holds import class_locked
from notifications.models import Message
from payments.models import Payment, SiblingDiscount
from payments.services import payment_refund
from testing.factories import ChildFactory, SelectionFactory, UserFactory, scheduled_class
from testing.outbox import send_queued
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

TIME_WITH_ZONE = re.compile(r"\d{1,2}:\d{2} [AP]M P[DS]T")


@pytest.fixture
def watercolour():
    start = school_today() + timedelta(days=40)
    return scheduled_class(
        name="Watercolour Mornings",
        start=start,
        end=start + timedelta(days=9),
        days=(start.weekday(), (start.weekday() + 2) % 7),
        hours=(time(9), time(12)),
        price=Decimal("120.00"),
        location="Studio B, 12 Kiln Lane, Sonoma",
        what_to_bring="An apron and a packed lunch",
        instructor=UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist"),
    )


def calendar_part(received):
    [part] = [p for p in received.iter_attachments() if p.get_content_type() == "text/calendar"]
    return part


def events_of(document) -> list:
    return Calendar.from_ical(document).walk("VEVENT")


def feed_uids(client, camp_class) -> set[str]:
    answer = client.get(f"/api/classes/{camp_class.pk}/calendar.ics")
    return {str(event["UID"]) for event in events_of(answer.content)}


def test_the_receipt_says_when_where_who_and_what_to_bring_and_carries_the_classs_calendar(
    smtp_sink, pay, as_student, api_client, student, watercolour
):
    selection = SelectionFactory(student=student, camp_class=watercolour)

    assert pay(as_student, selection).status_code == 201
    send_queued()

    [receipt] = smtp_sink.messages()
    text = receipt.get_body(preferencelist=("plain",)).get_content()
    assert re.search(rf"When: \w+days and \w+days, 9:00 AM to {TIME_WITH_ZONE.pattern}", text)
    assert re.search(rf"First meeting: \w+day, \w+ \d+, \d{{4}}, {TIME_WITH_ZONE.pattern}", text)
    assert "Where: Studio B, 12 Kiln Lane, Sonoma" in text
    assert "Instructor: Maya Lindqvist" in text
    assert "What to bring: An apron and a packed lunch" in text
    html = receipt.get_body(preferencelist=("html",)).get_content()
    assert "An apron and a packed lunch" in html and "Studio B, 12 Kiln Lane, Sonoma" in html
    part = calendar_part(receipt)
    assert part.get_param("method") == "PUBLISH"
    events = events_of(part.get_content())
    assert {str(event["UID"]) for event in events} == feed_uids(api_client, watercolour)
    assert len(events) == watercolour.meetings.count() > 1


def test_the_receipt_states_the_money_as_the_payment_page_did(
    smtp_sink, pay, as_student, student, watercolour
):
    watercolour.season = a_season()
    watercolour.save()
    SiblingDiscount.objects.create(
        season=watercolour.season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    first, second = ChildFactory(account=student), ChildFactory(account=student)
    for child in (first, second):
        selection = SelectionFactory(student=student, participant=child, camp_class=watercolour)
        answer = pay(as_student, selection)
        assert answer.status_code == 201, answer.json()
    send_queued()

    [second_receipt] = [m for m in smtp_sink.messages() if second.name in m["Subject"]]
    text = second_receipt.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert "List price: $120.00\nSibling discount: \u2212$12.00\nPaid: $108.00" in text


def test_a_waitlist_offer_names_its_deadlines_zone_and_the_price_and_carries_the_calendar(
    smtp_sink, api_client, student, watercolour
):
    watercolour.seats = 0
    watercolour.save()
    waitlist_join(student=student, class_id=watercolour.pk, participant_id=None)
    watercolour.seats = 1
    watercolour.save()
    with transaction.atomic():
        waitlist_offers_make(camp_class=class_locked(watercolour.pk))
    send_queued()

    [offer] = smtp_sink.messages()
    text = offer.get_body(preferencelist=("plain",)).get_content()
    assert re.search(rf"held for you until \w+day, \w+ \d+ at {TIME_WITH_ZONE.pattern}\.", text)
    assert "Total due: $120.00" in text
    assert "What to bring: An apron and a packed lunch" in text
    events = events_of(calendar_part(offer).get_content())
    assert {str(event["UID"]) for event in events} == feed_uids(api_client, watercolour)


def test_a_seat_given_up_sends_a_cancel_for_the_same_events(
    smtp_sink, pay, as_student, api_client, student, watercolour
):
    selection = SelectionFactory(student=student, camp_class=watercolour)
    assert pay(as_student, selection).status_code == 201
    payment = Payment.objects.get()

    payment_refund(payment_id=payment.pk, reason="The school cancelled Watercolour Mornings.")
    # The receipt first, then the refund of it: a person reads a payment's mail in order.
    send_queued()
    send_queued()

    [refund] = [m for m in smtp_sink.messages() if m["Subject"].startswith("Refund")]
    part = calendar_part(refund)
    assert part.get_param("method") == "CANCEL"
    events = events_of(part.get_content())
    assert {str(event["UID"]) for event in events} == feed_uids(api_client, watercolour)
    assert {str(event["STATUS"]) for event in events} == {"CANCELLED"}
    assert (
        "takes its meetings off your calendar"
        in refund.get_body(preferencelist=("plain",)).get_content()
    )


def test_a_seat_taken_inside_the_reminder_window_is_reminded_with_the_receipt_and_not_again(
    pay, as_student, student
):
    start = school_today() + timedelta(days=1)
    soon = scheduled_class(start=start, end=start, days=(start.weekday(),))
    reminders = Message.objects.filter(kind="class_reminder")

    assert pay(as_student, SelectionFactory(student=student, camp_class=soon)).status_code == 201

    assert reminders.count() == 1
    class_reminders_due()
    assert reminders.count() == 1
    assert set(Message.objects.values_list("kind", flat=True)) == {
        "payment_receipt",
        "class_reminder",
    }
