"""A family's cancellation needs a class with dates and a payment made well before them; the
clock is then moved with time-machine to each day that matters.

The class meets weekdays from Monday June 14 to Friday June 18, 2027, 9 to 12 at the school
(America/Los_Angeles); a family pays $45.50 for it by card on May 1.
"""

from datetime import date, datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core import mail

from notifications.models import Message, MessageStatus
from payments.models import Payment
from testing.factories import SelectionFactory, scheduled_class
from testing.outbox import send_queued

SCHOOL = ZoneInfo("America/Los_Angeles")
FIRST_DAY = date(2027, 6, 14)
LAST_DAY = date(2027, 6, 18)


def at(day: date, hour: int = 10, minute: int = 0) -> datetime:
    """A moment at the school."""
    return datetime.combine(day, time(hour, minute), SCHOOL)


PAID_AT = at(date(2027, 5, 1))


def mail_sent() -> list:
    """What the outbox sends once everything queued so far is due, and no more (each call
    says only what went since the last)."""
    with time_machine.travel(at(date(2027, 7, 1))):
        # A message waits for an earlier one to the same person: send until none is left.
        for _ in range(5):
            send_queued()
            if not Message.objects.filter(status=MessageStatus.QUEUED).exists():
                break
        sent = list(mail.outbox)
    mail.outbox.clear()
    return sent


@pytest.fixture
def summer_pottery(instructor):
    with time_machine.travel(PAID_AT):
        return scheduled_class(
            start=FIRST_DAY,
            end=LAST_DAY,
            days=(0, 1, 2, 3, 4),
            name="Summer Pottery",
            price=Decimal("45.50"),
            seats=10,
            instructor=instructor,
        )


@pytest.fixture
def pay_on_may_1(localstripe, pay, api_client_for):
    """Pay for a class by card through the real flow on May 1; the payment."""

    def paying(student, camp_class, **selection) -> Payment:
        with time_machine.travel(PAID_AT):
            chosen = SelectionFactory(student=student, camp_class=camp_class, **selection)
            answer = pay(api_client_for(student), chosen)
            assert answer.status_code == 201, answer.json()
        return Payment.objects.get(transaction_id=answer.json()["transactionId"])

    return paying


@pytest.fixture
def paid(pay_on_may_1, student, summer_pottery) -> Payment:
    """Sam's payment for Summer Pottery, enrolled."""
    return pay_on_may_1(student, summer_pottery)
