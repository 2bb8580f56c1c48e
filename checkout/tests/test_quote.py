"""A checkout priced before it is opened (POST /api/checkouts/quote): the running total a family
reads while it ticks weeks, days and extended care, priced by the checkout's own pricing, with
nothing held."""

from datetime import timedelta
from decimal import Decimal

import pytest

from accounts.models import Role
from classes.models import Class, ClassStatus
from core.school_time import school_today
from enrolments.models import SeatHold, Selection
from payments.models import Checkout, MultiWeekDiscount
from testing.day_camp import a_day_camp, after_care, units
from testing.factories import ChildFactory, UserFactory

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def camp(season):
    MultiWeekDiscount.objects.create(season=season, weeks=3, percent=D(10))
    return a_day_camp(season, "200.00", seats=10)


def a_child(family, name):
    return ChildFactory(
        account=family, first_name=name, date_of_birth=school_today() - timedelta(days=8 * 365)
    )


def items_of(camp, child, weeks, care=()):
    item = {"classId": camp.pk, "participantId": child.pk, "units": [w.pk for w in weeks]}
    if care:
        item["extendedCare"] = list(care)
    return item


def test_the_quote_is_what_the_checkout_then_charges_and_holds_nothing(
    as_family, family, season, camp
):
    mia, leo = a_child(family, "Mia"), a_child(family, "Leo")
    care = after_care(season)
    week = units(camp)
    items = [
        items_of(camp, mia, week[:3], [{"optionId": care.pk, "units": [week[1].pk]}]),
        items_of(camp, leo, week[:3]),
    ]

    quote = as_family.post("/api/checkouts/quote", {"items": items}, format="json")

    assert quote.status_code == 200, quote.json()
    assert not SeatHold.objects.exists()
    assert not Selection.objects.exists()
    assert not Checkout.objects.exists()
    opened = as_family.post("/api/checkouts", {"items": items}, format="json")
    assert opened.status_code == 201, opened.json()
    fields = ("classId", "unitOf", "unitLabel", "extendedCareId", "participantId", "listPrice")
    quoted = quote.json()
    assert [
        {f: line[f] for f in (*fields, "adjustments", "price")} for line in quoted["lines"]
    ] == [
        {f: line[f] for f in (*fields, "adjustments", "price")} for line in opened.json()["lines"]
    ]
    assert quoted["total"] == opened.json()["total"]
    # Three weeks each, 10% off each; Leo's the second child's, 10% off again; a week of
    # after-care at its weekly price.
    kinds = [[a["kind"] for a in line["adjustments"]] for line in quoted["lines"]]
    assert kinds[:3] == [["multi_week"]] * 3
    assert {tuple(k) for k in kinds[8:]} == {("sibling", "multi_week")}
    assert [line["participantName"] for line in quoted["lines"]][-1] == leo.name
    assert quoted["lines"][0]["unitLabel"].startswith("Week 1: ")


def test_a_child_of_another_family_is_no_such_person(api_client_for, as_family, camp):
    someone_else = UserFactory(role=Role.STUDENT)
    theirs = a_child(someone_else, "Ada")

    response = as_family.post(
        "/api/checkouts/quote", {"items": [items_of(camp, theirs, units(camp)[:1])]}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {"items": ["Item 1: no such person in your family."]}


def test_a_class_not_open_to_families_is_not_priced(as_family, family, camp):
    mia = a_child(family, "Mia")
    week = units(camp)
    Class.objects.filter(pk=week[0].pk).update(status=ClassStatus.PENDING)

    response = as_family.post(
        "/api/checkouts/quote", {"items": [items_of(camp, mia, week[:2])]}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {"items": ["Item 1: no such class."]}


def test_care_on_a_week_not_booked_is_refused_as_the_checkout_refuses_it(
    as_family, family, season, camp
):
    mia = a_child(family, "Mia")
    care = after_care(season)
    week = units(camp)

    response = as_family.post(
        "/api/checkouts/quote",
        {"items": [items_of(camp, mia, week[:1], [{"optionId": care.pk, "units": [week[1].pk]}])]},
        format="json",
    )

    assert response.status_code == 400
    assert "After-care goes with a week or day booked." in str(response.json()["errors"])
