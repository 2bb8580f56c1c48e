"""Cancelling and moving one week of a series (a unit is a class: `classes.series`), with the
child's after-care on its days: the refund policy applies to each week's first day, and the
days of care go with their week, in its transaction. The clock is the test's own: the season
starts three weeks from now, so the weeks fall in different tiers of the default policy (all
back from 14 days before the first meeting, half from 7, nothing after)."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.test import Client
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from changes.services import (
    class_cancel,
    class_cancellation_preview,
    enrolment_cancel,
    enrolment_cancellation_preview,
)
from changes.services.enrolment_cancellations import enrolment_release
from changes.services.transfers import transfer_make, transfer_preview
from classes.models import Class, ClassStatus
from core.school_time import school_today
from enrolments.models import Enrolment, EnrolmentStatus
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import Checkout, Payment, PaymentStatus
from payments.refund_policy import RefundTier
from payments.tests import stripe_js
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def summer():
    return a_season(starts_in_days=20)


@pytest.fixture
def day_camp(summer):
    return a_day_camp(summer, "200.00", weeks=3, seats=10)


@pytest.fixture
def care(summer, day_camp):
    return after_care(summer, per_day="15.00", per_week=None, seats=10)


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia")


def client_of(family) -> APIClient:
    """The family's client, its token made at this moment (the clock may have moved)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(family)}")
    return client


def booked(family, child, *classes) -> list[Payment]:
    """The family books the weeks among `classes` for the child in one checkout, with the
    after-care of every week a day of care among them falls in, paid by card; the payments of
    `classes`, in that order."""
    weeks = [c for c in classes if c.unit_of_id is not None]
    care_days = [c for c in classes if c.extended_care_id is not None]
    item = {
        "classId": weeks[0].unit_of_id,
        "participantId": child.pk,
        "units": [week.pk for week in weeks],
    }
    if care_days:
        days = {day.start_date for day in care_days}
        item["extendedCare"] = [
            {
                "optionId": care_days[0].extended_care_id,
                "units": [w.pk for w in weeks if w.meetings.filter(day__in=days).exists()],
            }
        ]
    client = client_of(family)
    opened = client.post("/api/checkouts", {"items": [item]}, format="json")
    assert opened.status_code == 201, opened.json()
    answer = opened.json()
    saved = stripe_js.confirm_card_setup(answer["clientSecret"], email=family.email)
    paid = client.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    assert paid.status_code == 201, paid.json()
    return [Payment.objects.get(participant=child, camp_class=c) for c in classes]


def days_before(camp_class: Class, days: int):
    """The clock at the class's first meeting's hour, `days` days before it."""
    return time_machine.travel(camp_class.starts_at - timedelta(days=days), tick=False)


def refunded_at_stripe(family) -> list[int]:
    checkout = Checkout.objects.get(family=family)
    return sorted(r["amount"] for r in stripe_js.refunds_of(checkout.payment_intent_id))


def status_of(payment: Payment) -> str:
    payment.refresh_from_db()
    return payment.status


def test_a_cancelled_week_is_refunded_by_its_own_first_day_with_its_after_care(
    localstripe, family, mia, day_camp, care
):
    week1, week2, week3 = units(day_camp)
    week2_care = care_days_of(care, week2)
    week3_care = care_days_of(care, week3)
    paid = booked(family, mia, week1, week2, week3, *week2_care, *week3_care)
    week2_paid, week3_paid = paid[1], paid[2]
    care2_paid, care3_paid = paid[3:8], paid[8:]

    # Ten days before week 2: week 1 is three days off (nothing back), week 3 seventeen (all).
    with days_before(week2, 10):
        quote = enrolment_cancellation_preview(student=family, enrolment_id=week2_paid.enrolment_id)
        assert (quote.tier, quote.refund) == (RefundTier.PARTIAL, D("100.00"))
        assert [(day.unit_label, day.refund) for day in quote.care_days] == [
            (day.unit_label, D("7.50")) for day in week2_care
        ]
        done = enrolment_cancel(student=family, enrolment_id=week2_paid.enrolment_id)

    assert (done.refund, done.care_refund) == (D("100.00"), D("37.50"))
    assert done.message.endswith(
        "The 5 days of extended care with it are cancelled too: $37.50 is refunded to the card "
        "you paid with."
    )
    assert status_of(week2_paid) == PaymentStatus.CANCELLED
    assert {status_of(p) for p in care2_paid} == {PaymentStatus.CANCELLED}
    # Week 3 and its care, and week 1, are the family's still.
    assert {status_of(p) for p in [paid[0], week3_paid, *care3_paid]} == {PaymentStatus.ENROLLED}
    # Each seat given back to its own week or day of care.
    week2.refresh_from_db()
    assert (week2.seats, week2.enroll) == (10, 0)
    for day in week2_care:
        day.refresh_from_db()
        assert (day.seats, day.enroll) == (10, 0)
    assert refunded_at_stripe(family) == [750] * 5 + [10000]
    [told] = Message.objects.filter(kind=PaymentMessage.ENROLMENT_CANCELLED)
    assert "Extended care cancelled with it" in told.text
    assert "Refund due for it: $37.50." in told.text

    with days_before(week2, 10):
        later = enrolment_cancel(student=family, enrolment_id=week3_paid.enrolment_id)
    assert (later.refund, later.care_refund) == (D("200.00"), D("75.00"))


def test_a_day_of_care_is_cancelled_on_its_own_by_its_own_day(
    localstripe, family, mia, day_camp, care
):
    _, week2, _ = units(day_camp)
    monday, *_, friday = care_days_of(care, week2)
    week2_paid, monday_paid, friday_paid = booked(family, mia, week2, monday, friday)

    # Fourteen days before Friday: all back for Friday's care, though its week (and Monday)
    # would be refunded by half: a day of care cancelled alone counts from its own day.
    with days_before(friday, 14):
        done = enrolment_cancel(student=family, enrolment_id=friday_paid.enrolment_id)

    assert (done.refund, done.care_refund) == (D("15.00"), D("0.00"))
    assert [status_of(p) for p in (week2_paid, monday_paid, friday_paid)] == [
        PaymentStatus.ENROLLED,
        PaymentStatus.ENROLLED,
        PaymentStatus.CANCELLED,
    ]


def test_a_week_moved_to_another_refunds_the_care_of_its_old_days(
    localstripe, family, mia, day_camp, care
):
    _, week2, week3 = units(day_camp)
    week2_care = care_days_of(care, week2)
    week2_paid, *care_paid = booked(family, mia, week2, *week2_care)

    # Ten days before week 2, when cancelling it would give back half: the care of its days
    # cannot move with it, so it is given back whole.
    with days_before(week2, 10):
        preview = client_of(family).get(
            f"/api/enrolments/{week2_paid.enrolment_id}/transfer", {"classId": week3.pk}
        )
        assert preview.status_code == 200, preview.json()
        assert (preview.json()["refusals"], preview.json()["total"]) == ([], 0.0)
        assert preview.json()["extendedCareRefund"] == 75.0
        assert preview.json()["extendedCare"] == [
            {
                "enrolmentId": paid.enrolment_id,
                "classId": day.pk,
                "label": "After-care",
                "day": day.unit_label,
            }
            for paid, day in zip(care_paid, week2_care, strict=True)
        ]
        made = transfer_make(
            family=family,
            enrolment_id=week2_paid.enrolment_id,
            class_id=week3.pk,
            settle_with="card",
            expected_total=D("0.00"),
        )

    week2_paid.refresh_from_db()
    assert week2_paid.camp_class_id == week3.pk
    assert Enrolment.objects.get(pk=made.enrolment_id).camp_class_id == week3.pk
    assert {status_of(p) for p in care_paid} == {PaymentStatus.CANCELLED}
    assert made.message.endswith(
        "The 5 days of extended care with it are cancelled too: $75.00 is refunded to the card "
        "you paid with."
    )
    assert refunded_at_stripe(family) == [1500] * 5
    week2.refresh_from_db()
    week3.refresh_from_db()
    assert (week2.seats, week3.seats) == (10, 9)


def test_a_week_moved_to_a_week_on_the_same_days_keeps_its_care(
    localstripe, family, mia, summer, day_camp, care
):
    _, week2, _ = units(day_camp)
    sports = a_day_camp(summer, "200.00", weeks=3, name="Sports Camp")
    _, sports_week2, _ = units(sports)
    week2_paid, *care_paid = booked(family, mia, week2, *care_days_of(care, week2))

    with days_before(week2, 20):
        quote = transfer_preview(
            family=family, enrolment_id=week2_paid.enrolment_id, class_id=sports_week2.pk
        )
        assert (quote.care_days, quote.care_refund) == ((), D("0.00"))
        transfer_make(
            family=family,
            enrolment_id=week2_paid.enrolment_id,
            class_id=sports_week2.pk,
            settle_with="card",
            expected_total=D("0.00"),
        )

    assert {status_of(p) for p in care_paid} == {PaymentStatus.ENROLLED}


def test_a_day_of_care_is_never_moved(localstripe, family, mia, day_camp, care):
    _, week2, week3 = units(day_camp)
    monday = care_days_of(care, week2)[0]
    _, monday_paid = booked(family, mia, week2, monday)

    quote = transfer_preview(
        family=family,
        enrolment_id=monday_paid.enrolment_id,
        class_id=care_days_of(care, week3)[0].pk,
    )

    assert [r.code for r in quote.refusals] == ["extended_care_with_a_day"]


def test_the_school_cancelling_a_series_cancels_and_refunds_every_week_and_its_care(
    localstripe, family, mia, day_camp, care
):
    week1, week2, week3 = units(day_camp)
    paid = booked(family, mia, week1, week3, *care_days_of(care, week3))

    preview = class_cancellation_preview(class_id=day_camp.pk)
    done = class_cancel(class_id=day_camp.pk, message="The camp site flooded.")

    assert (preview.seats_refunded, preview.care_days_refunded, preview.refund_total) == (
        2,
        5,
        D("475.00"),
    )

    assert (done.seats_refunded, done.care_days_refunded, done.refund_total) == (
        2,
        5,
        D("475.00"),
    )
    assert set(Class.objects.filter(unit_of=day_camp).values_list("status", flat=True)) == {
        ClassStatus.CANCELLED
    }
    assert {status_of(p) for p in paid} == {PaymentStatus.REFUNDED}
    assert not Enrolment.objects.filter(status=EnrolmentStatus.ACTIVE).exists()
    assert sum(refunded_at_stripe(family)) == 47500


def test_the_family_sees_the_care_that_goes_with_a_week_before_cancelling(
    localstripe, family, mia, day_camp, care
):
    _, week2, _ = units(day_camp)
    days = care_days_of(care, week2)
    week2_paid, *care_paid = booked(family, mia, week2, *days)

    with days_before(week2, 10):
        answer = client_of(family).get(f"/api/enrolments/{week2_paid.enrolment_id}/cancellation")

    assert answer.status_code == 200, answer.json()
    assert (answer.json()["refundAmount"], answer.json()["extendedCareRefund"]) == (100.0, 37.5)
    assert answer.json()["extendedCare"] == [
        {
            "enrolmentId": paid.enrolment_id,
            "classId": day.pk,
            "label": "After-care",
            "day": day.unit_label,
            "paid": 15.0,
            "refundAmount": 7.5,
            "creditAmount": 7.5,
            "creditReturned": 0.0,
        }
        for paid, day in zip(care_paid, days, strict=True)
    ]


def test_the_back_office_says_the_care_refunded_with_a_cancelled_series(
    localstripe, family, mia, day_camp, care
):
    week1, _, _ = units(day_camp)
    booked(family, mia, week1, *care_days_of(care, week1))
    office = Client()
    office.force_login(UserFactory(role=Role.ADMIN))

    answer = office.post(
        "/admin/classes/class/",
        {"action": "cancel_classes", "_selected_action": [day_camp.pk], "confirmed": "yes"},
        follow=True,
    )

    assert [str(m) for m in get_messages(answer.wsgi_request)] == [
        "Art Explorers is cancelled: 1 seats refunded ($275.00, with 5 days of extended care), "
        "0 selections and 0 waitlist places closed."
    ]


def test_a_week_is_moved_to_a_week_not_to_its_series(localstripe, family, mia, day_camp):
    _, week2, _ = units(day_camp)
    [week2_paid] = booked(family, mia, week2)

    quote = transfer_preview(
        family=family, enrolment_id=week2_paid.enrolment_id, class_id=day_camp.pk
    )

    assert [r.code for r in quote.refusals] == ["choose_units"]


def test_a_week_released_for_its_unpaid_balance_takes_its_care_with_it(
    localstripe, family, mia, day_camp, care
):
    _, week2, _ = units(day_camp)
    week2_paid, *care_paid = booked(family, mia, week2, *care_days_of(care, week2))
    Payment.objects.filter(pk=week2_paid.pk).update(release_on=school_today())

    with days_before(week2, 20):
        assert enrolment_release(payment_id=week2_paid.pk)

    assert status_of(week2_paid) == PaymentStatus.CANCELLED
    assert {status_of(p) for p in care_paid} == {PaymentStatus.CANCELLED}
    assert refunded_at_stripe(family) == [1500] * 5 + [20000]
