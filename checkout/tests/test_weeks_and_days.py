"""A class sold by the week or the day (localstripe, no mocks): the weeks a family picks are held,
priced and paid as classes of their own in one checkout, with extended care on their days; the
multi-week rule and the weekly care price come from the one pricing function."""

from datetime import timedelta
from decimal import Decimal

import pytest

from changes.services import enrolment_cancellation_preview
from classes.models import Booking, Class
from core.school_time import school_today
from enrolments.models import Enrolment, SeatHold
from payments.models import Checkout, CheckoutStatus, MultiWeekDiscount, Payment, PaymentStatus
from payments.tests import stripe_js
from testing.day_camp import a_day_camp, after_care, units
from testing.factories import ChildFactory

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def camp(season):
    MultiWeekDiscount.objects.create(season=season, weeks=3, percent=D(10))
    return a_day_camp(season, "200.00", seats=10)


@pytest.fixture
def mia(family):
    # Eight this summer, whatever the clock says.
    return ChildFactory(
        account=family, first_name="Mia", date_of_birth=school_today() - timedelta(days=8 * 365)
    )


def booked(client, camp, child, weeks, care=()):
    item = {"classId": camp.pk, "participantId": child.pk, "units": [w.pk for w in weeks]}
    if care:
        item["extendedCare"] = list(care)
    return client.post("/api/checkouts", {"items": [item]}, format="json")


def test_a_series_answers_its_weeks_each_with_its_own_seats_and_price(as_family, camp):
    answer = as_family.get(f"/api/classes/{camp.pk}").json()

    assert answer["booking"] == "weeks"
    assert [u["label"].split(":")[0] for u in answer["units"]] == [f"Week {n}" for n in range(1, 6)]
    assert {(u["seats"], u["seatsFree"], u["price"]) for u in answer["units"]} == {(10, 10, 200.0)}
    # The catalog lists the series, never its weeks.
    listed = {c["_id"] for c in as_family.get("/api/classes").json()}
    assert camp.pk in listed and not listed & {u["id"] for u in answer["units"]}


def test_the_series_itself_is_not_booked(as_family, camp, mia):
    response = as_family.post(
        "/api/checkouts",
        {"items": [{"classId": camp.pk, "participantId": mia.pk}]},
        format="json",
    )

    assert response.status_code == 409, response.json()
    assert response.json()["code"] == "choose_units"


def test_weeks_one_two_and_four_with_after_care_on_week_two_are_priced_by_the_rules_and_paid_once(
    as_family, family, season, camp, mia
):
    care = after_care(season)
    week = units(camp)

    response = booked(
        as_family,
        camp,
        mia,
        [week[0], week[1], week[3]],
        [{"optionId": care.pk, "units": [week[1].pk]}],
    )

    assert response.status_code == 201, response.json()
    answer = response.json()
    lines = answer["lines"]
    # Three weeks, 10% off each once the third is booked; five days of after-care at the
    # weekly $100 instead of 5 x $25.
    assert [(line["unitOf"], line["listPrice"], line["price"]) for line in lines[:3]] == [
        (camp.pk, 200.0, 180.0)
    ] * 3
    assert [a["kind"] for a in lines[0]["adjustments"]] == ["multi_week"]
    care_lines = lines[3:]
    assert [line["extendedCareId"] for line in care_lines] == [care.pk] * 5
    assert [(line["listPrice"], line["price"]) for line in care_lines] == [(25.0, 20.0)] * 5
    assert answer["total"] == 640.0
    assert SeatHold.objects.filter(student=family).count() == 8

    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )
    response = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )

    assert response.status_code == 201, response.json()
    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    charge = stripe_js.payment_intent(checkout.payment_intent_id)
    assert (charge["amount"], charge["status"]) == (64000, "succeeded")
    assert Payment.objects.filter(status=PaymentStatus.ENROLLED).count() == 8
    assert set(Enrolment.objects.values_list("camp_class_id", flat=True)) == {
        week[0].pk,
        week[1].pk,
        week[3].pk,
        *care.days.filter(start_date__range=(week[1].start_date, week[1].end_date)).values_list(
            "pk", flat=True
        ),
    }
    assert Class.objects.get(pk=week[1].pk).enroll == 1
    assert Class.objects.get(pk=week[2].pk).enroll == 0


def test_a_week_sold_out_is_refused_while_the_next_is_booked(as_family, family, season, mia):
    camp = a_day_camp(season, "200.00", seats=1)
    week = units(camp)
    Class.objects.filter(pk=week[0].pk).update(enroll=1, seats=0)

    full = booked(as_family, camp, mia, [week[0]])
    fine = booked(as_family, camp, mia, [week[1]])

    assert full.status_code == 409 and "No seats" in full.json()["message"], full.json()
    assert fine.status_code == 201, fine.json()
    answer = as_family.get(f"/api/classes/{camp.pk}").json()
    assert [u["seatsFree"] for u in answer["units"][:2]] == [0, 0]
    assert answer["units"][2]["seatsFree"] == 1


def test_after_care_goes_with_a_booked_day_and_stops_at_its_capacity(
    as_family, api_client_for, family, season, camp, mia
):
    care = after_care(season, seats=1)
    week = units(camp)
    unbooked = booked(
        as_family, camp, mia, [week[0]], [{"optionId": care.pk, "units": [week[1].pk]}]
    )
    assert unbooked.status_code == 400
    assert "goes with a week or day booked" in str(unbooked.json())

    first_day = care.days.order_by("start_date").first()
    Class.objects.filter(pk=first_day.pk).update(enroll=1, seats=0)
    full = booked(as_family, camp, mia, [week[0]], [{"optionId": care.pk, "units": [week[0].pk]}])

    assert full.status_code == 409, full.json()
    assert full.json()["classId"] == first_day.pk
    assert not SeatHold.objects.exists()


def test_a_day_is_booked_alone_from_a_series_sold_by_the_day(as_family, season, mia):
    camp = a_day_camp(season, "45.00", booking=Booking.DAYS, weeks=1)

    days = units(camp)
    response = booked(as_family, camp, mia, [days[2]])

    assert len(days) == 5
    assert response.status_code == 201, response.json()
    assert [(line["classId"], line["price"]) for line in response.json()["lines"]] == [
        (days[2].pk, 45.0)
    ]


def test_a_week_asks_the_rules_of_a_class_ages_and_clashes_included(
    as_family, family, season, camp, mia
):
    week = units(camp)
    older = a_day_camp(season, "150.00", name="Teen Studio", age_min=13, age_max=17)
    clash = a_day_camp(season, "150.00", name="Sculpture Week")
    booked(as_family, clash, mia, [units(clash)[0]])

    too_young = booked(as_family, older, mia, [units(older)[1]])
    clashing = booked(as_family, camp, mia, [week[0]])

    assert too_young.status_code == 409 and "Ages 13" in too_young.json()["message"]
    assert clashing.status_code == 409, clashing.json()
    assert "same time as Sculpture Week" in clashing.json()["message"]


def test_a_day_of_care_is_not_selected_on_its_own(as_family, family, season, camp, mia):
    day = after_care(season).days.first()

    response = as_family.post(
        "/api/selectClass",
        {"classId": day.pk, "email": family.email, "participantId": mia.pk},
        format="json",
    )

    assert response.status_code == 409, response.json()
    assert "added to a day your child is booked" in response.json()["message"]


def test_each_week_says_how_many_seats_its_extended_care_has_left(as_family, season, camp):
    care = after_care(season, seats=6)
    week = units(camp)
    # One day of week 2's after-care has two seats left: the week has two.
    tuesday = care.days.get(start_date=week[1].start_date + timedelta(days=1))
    Class.objects.filter(pk=tuesday.pk).update(seats=2, enroll=4)

    answer = as_family.get(f"/api/classes/{camp.pk}").json()

    assert [u["extendedCare"] for u in answer["units"][:3]] == [
        [{"optionId": care.pk, "seatsFree": 6}],
        [{"optionId": care.pk, "seatsFree": 2}],
        [{"optionId": care.pk, "seatsFree": 6}],
    ]


def test_a_week_cancelled_keeps_the_multi_week_discount_its_other_weeks_no_longer_earn(
    as_family, family, camp, mia
):
    week = units(camp)
    answer = booked(as_family, camp, mia, week[:3]).json()
    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )
    as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    first = Enrolment.objects.get(camp_class=week[0])

    quote = enrolment_cancellation_preview(student=family, enrolment_id=first.pk)

    # Three weeks earned 10% off each ($180); two earn none, so the $20 given to each of the
    # two kept comes off the cancelled week's refund, as a sibling or multi-class one would.
    assert answer["total"] == 540.0
    assert (quote.paid, quote.withheld, quote.refund) == (D("180.00"), D("40.00"), D("140.00"))
