"""How much one family may keep from others: holds per class and across the school, a wait after
holds that ran out unpaid, waitlist offers after such a family, and the back office's view and
release of what each family holds. Through the payment page (`POST /api/createPaymentIntent`),
against localstripe, with the clock moved by time-machine."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from accounts.models import Role
from checkout.tests.test_holds import client_at_the_clock, open_payment_page
from classes.models import Class
from enrolments.models import HoldLapse, SeatHold, WaitlistEntry, WaitlistStatus
from enrolments.rules import Refusal
from enrolments.services import holds_tidy
from testing.factories import ChildFactory, ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def children(student):
    return [ChildFactory(account=student, first_name=name) for name in ("Ada", "Ben", "Cy")]


def select_for(child, camp_class):
    return SelectionFactory(student=child.account, participant=child, camp_class=camp_class)


def test_a_family_holds_at_most_the_schools_number_of_seats_in_a_class(
    localstripe, settings, as_student, children, pottery, api_client_for
):
    settings.HOLDS_PER_FAMILY_PER_CLASS = 2
    first, second, third = (select_for(child, pottery) for child in children)
    assert open_payment_page(as_student, first).status_code == 200
    assert open_payment_page(as_student, second).status_code == 200

    refused = open_payment_page(as_student, third)

    assert refused.status_code == 409
    assert refused.json() == {
        "message": "Your family already holds 2 seats in this class, the most one family may "
        "hold at once. Pay for one, or remove one from your selected classes, to hold another.",
        "code": "holds-in-class",
    }
    assert SeatHold.objects.filter(camp_class=pottery).count() == 2
    # Another family is not stopped by it, and the family's own holds stay as they were.
    other = UserFactory(role=Role.STUDENT)
    assert (
        open_payment_page(
            api_client_for(other), SelectionFactory(student=other, camp_class=pottery)
        ).status_code
        == 200
    )
    assert open_payment_page(as_student, first).status_code == 200


def test_a_family_holds_at_most_the_schools_number_of_seats_across_classes(
    localstripe, settings, as_student, children, pottery
):
    settings.HOLDS_PER_FAMILY = 2
    other_classes = [ClassFactory(status=pottery.status, price=pottery.price) for _ in range(2)]
    selections = [select_for(children[0], c) for c in (pottery, *other_classes)]
    assert open_payment_page(as_student, selections[0]).status_code == 200
    assert open_payment_page(as_student, selections[1]).status_code == 200

    refused = open_payment_page(as_student, selections[2])

    assert refused.status_code == 409
    assert refused.json() == {
        "message": Refusal.holds(2).before_paying,
        "code": "holds",
    }


def test_a_family_waits_after_its_holds_ran_out_unpaid_and_is_told_until_when(
    localstripe, settings, student, children, pottery
):
    settings.HOLD_LAPSES_BEFORE_COOLDOWN = 3
    settings.HOLD_COOLDOWN_MINUTES = 30
    settings.SCHOOL_TIMEZONE = "UTC"
    selection = select_for(children[0], pottery)
    clock = timezone.now()
    for _ in range(3):
        with time_machine.travel(clock, tick=False):
            held = open_payment_page(client_at_the_clock(student), selection)
            assert held.status_code == 200, held.json()
            clock = parse_datetime(held.json()["holdExpiresAt"]) + timedelta(seconds=1)
        with time_machine.travel(clock, tick=False):
            holds_tidy()
    last_lapse = HoldLapse.objects.filter(student=selection.student).first().lapsed_at
    assert HoldLapse.objects.filter(student=selection.student).count() == 3
    again_at = last_lapse + timedelta(minutes=30)

    with time_machine.travel(again_at - timedelta(minutes=1), tick=False):
        refused = open_payment_page(client_at_the_clock(student), selection)
    with time_machine.travel(again_at + timedelta(seconds=1), tick=False):
        allowed = open_payment_page(client_at_the_clock(student), selection)

    assert refused.status_code == 409
    assert refused.json() == {
        "message": "Seats held for your family ran out unpaid 3 times within a day. You may "
        f"hold a seat again at {again_at:%-I:%M %p} ({again_at:%A, %B} {again_at.day}).",
        "code": "hold-cooldown",
    }
    assert allowed.status_code == 200, allowed.json()


def test_a_seat_is_offered_first_to_a_family_that_did_not_let_one_of_the_class_run_out(
    localstripe, settings, as_student, children, pottery, api_client_for
):
    Class.objects.filter(pk=pottery.pk).update(seats=1)
    held = open_payment_page(as_student, select_for(children[0], pottery))
    # The family's second child queues first for the seat its first child holds; then another.
    as_student.post(
        "/api/waitlist", {"classId": pottery.pk, "participantId": children[1].pk}, format="json"
    )
    other = UserFactory(role=Role.STUDENT)
    api_client_for(other).post("/api/waitlist", {"classId": pottery.pk}, format="json")
    ran_out = parse_datetime(held.json()["holdExpiresAt"]) + timedelta(seconds=1)

    with time_machine.travel(ran_out, tick=False):
        holds_tidy()

    entries = {e.student_id: e for e in WaitlistEntry.objects.filter(camp_class=pottery)}
    assert entries[other.pk].status == WaitlistStatus.OFFERED
    # Still on the list, behind.
    assert entries[children[1].account_id].status == WaitlistStatus.WAITING


def test_a_freed_seat_passes_over_a_family_that_holds_its_most_in_the_class(
    localstripe, settings, as_student, children, pottery, api_client_for
):
    settings.HOLDS_PER_FAMILY_PER_CLASS = 1
    Class.objects.filter(pk=pottery.pk).update(seats=2)
    assert open_payment_page(as_student, select_for(children[0], pottery)).status_code == 200
    leaving = UserFactory(role=Role.STUDENT)
    leaving_client = api_client_for(leaving)
    leaving_selection = SelectionFactory(student=leaving, camp_class=pottery)
    assert open_payment_page(leaving_client, leaving_selection).status_code == 200
    as_student.post(
        "/api/waitlist", {"classId": pottery.pk, "participantId": children[1].pk}, format="json"
    )
    other = UserFactory(role=Role.STUDENT)
    api_client_for(other).post("/api/waitlist", {"classId": pottery.pk}, format="json")

    assert leaving_client.delete(f"/api/selectClass/{leaving_selection.pk}").status_code == 200

    entries = {e.student_id: e for e in WaitlistEntry.objects.filter(camp_class=pottery)}
    assert entries[other.pk].status == WaitlistStatus.OFFERED
    assert entries[children[1].account_id].status == WaitlistStatus.WAITING


def test_the_back_office_lists_what_each_family_holds_and_releases_a_hold_to_the_waitlist(
    localstripe, admin_client, as_student, children, pottery, api_client_for
):
    Class.objects.filter(pk=pottery.pk).update(seats=1)
    assert open_payment_page(as_student, select_for(children[0], pottery)).status_code == 200
    other = UserFactory(role=Role.STUDENT, name="Ana Reyes")
    api_client_for(other).post("/api/waitlist", {"classId": pottery.pk}, format="json")
    hold = SeatHold.objects.get(camp_class=pottery)

    listed = admin_client.get("/admin/enrolments/seathold/").content.decode()
    released = admin_client.post(
        "/admin/enrolments/seathold/", {"action": "release", "_selected_action": [hold.pk]}
    )

    assert "sam@camp.test" in listed and "Ada" in listed and "Wheel-Thrown Pottery" in listed
    assert released.status_code == 302
    offer = SeatHold.objects.get(camp_class=pottery)
    assert offer.student_id == other.pk
    assert WaitlistEntry.objects.get(student=other).status == WaitlistStatus.OFFERED
