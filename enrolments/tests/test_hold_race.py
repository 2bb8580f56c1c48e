"""A family's own hold on a payment page and a waitlist offer to that family, in two classes at the
same moment: they are counted one after the other, so together they never keep more seats from
others than `HOLDS_PER_FAMILY`. On PostgreSQL, whose row locks and reading as of each statement's
start are what decide it; two connections of this process, one per thread."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from accounts.models import Role, User
from classes.models import Class
from enrolments.locks import class_and_family_lock
from enrolments.models import SeatHold, WaitlistStatus
from enrolments.services import hold_take, waitlist_join, waitlist_offers_make
from enrolments.services.holds import class_locked
from testing import services
from testing.factories import (
    ChildFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

pytestmark = pytest.mark.django_db(transaction=True)

# How long the payment page's transaction stays open after its hold is written: long enough for
# the offer's transaction to reach the family's lock and wait on it.
HOLD_OPEN_SECONDS = 1.0


def test_an_offer_waits_for_the_familys_hold_in_another_class_and_counts_it(settings):
    if connection.vendor != "postgresql":
        services.needs_postgresql("Two transactions at once need PostgreSQL's row locks.")
    settings.HOLDS_PER_FAMILY = 1
    month = timezone.localdate() + timedelta(days=30)
    weaving = scheduled_class(start=month, days=(month.weekday(),), seats=1)
    EnrolmentFactory(camp_class=weaving)
    Class.objects.filter(pk=weaving.pk).update(seats=0, enroll=1)
    later = month + timedelta(days=14)
    pottery = scheduled_class(start=later, days=(later.weekday(),), seats=5)
    family = UserFactory(role=Role.STUDENT)
    child = ChildFactory(account=family)
    entry = waitlist_join(student=family, class_id=weaving.pk, participant_id=child.pk)
    paying = SelectionFactory(student=family, participant=child, camp_class=pottery)
    # A seat of weaving comes free, to be offered by the round below.
    Class.objects.filter(pk=weaving.pk).update(seats=1)
    held = threading.Event()
    failures = []

    def the_payment_page():
        try:
            with transaction.atomic():
                hold_take(selection=paying)
                held.set()
                threading.Event().wait(HOLD_OPEN_SECONDS)
        except Exception as error:  # reported by the test's own thread below
            failures.append(error)
            held.set()
        finally:
            connection.close()

    page = threading.Thread(target=the_payment_page)
    page.start()
    assert held.wait(timeout=30)
    with transaction.atomic():
        offered = waitlist_offers_make(camp_class=class_locked(weaving.pk))
    page.join(timeout=30)

    assert failures == []
    assert offered == 0
    assert list(
        SeatHold.objects.filter(student=family).values_list("camp_class_id", flat=True)
    ) == [pottery.pk]
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.WAITING


def test_the_hold_locks_the_class_before_the_family_in_its_one_statement():
    """The hold's one statement takes the class's lock, then the family's, as every other writer
    of the class's seats takes the class's first: with the family's row held elsewhere, the
    class is locked while the statement waits for the family, never the other way round."""
    if connection.vendor != "postgresql":
        services.needs_postgresql("Two transactions at once need PostgreSQL's row locks.")
    month = timezone.localdate() + timedelta(days=30)
    pottery = scheduled_class(start=month, days=(month.weekday(),), seats=5)
    family = UserFactory(role=Role.STUDENT)
    locked = threading.Event()
    failures = []

    def the_hold():
        try:
            with transaction.atomic():
                locked.set()
                assert class_and_family_lock(camp_class_id=pottery.pk, family_id=family.pk)
        except Exception as error:  # reported by the test's own thread below
            failures.append(error)
        finally:
            connection.close()

    with transaction.atomic():
        User.objects.select_for_update().get(pk=family.pk)
        hold = threading.Thread(target=the_hold)
        hold.start()
        assert locked.wait(timeout=30)
        waiting_for_the_family = _one_waits_for_a_lock()
        with (
            pytest.raises(DatabaseError, match="could not obtain lock"),
            transaction.atomic(),
        ):
            Class.objects.select_for_update(nowait=True).get(pk=pottery.pk)
    hold.join(timeout=30)

    assert waiting_for_the_family
    assert failures == []


def _one_waits_for_a_lock() -> bool:
    """Whether another connection is waiting for a row lock within a few seconds."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.05)
    return False
