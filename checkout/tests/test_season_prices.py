"""The season's price rules on the spec's single-class payment: the payment page shows the list
price and each adjustment, the card is charged what they come to, and the payment keeps how,
so the family's next checkout counts against it. The back office keeps the rules and grants;
GET /api/credit shows a family its credit."""

from datetime import timedelta
from decimal import Decimal

import pytest
import requests
from django.conf import settings
from django.utils import timezone

from accounts.models import Role
from classes.models import ClassStatus
from extras.models import AddOn
from payments.models import CreditEntry, Payment, PromoCode, Scholarship, SiblingDiscount
from testing.factories import ChildFactory, ClassFactory, SelectionFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def season():
    season = a_season(starts_in_days=180)
    SiblingDiscount.objects.create(season=season, second_percent=D(10), third_percent=D(15))
    return season


def test_the_second_child_pays_less_and_the_payment_keeps_why(
    localstripe, season, student, as_student, pay
):
    mia, leo = ChildFactory(account=student), ChildFactory(account=student)
    pottery = ClassFactory(status=ClassStatus.APPROVED, season=season, price=D("300.00"))
    weaving = ClassFactory(status=ClassStatus.APPROVED, season=season, price=D("200.00"))
    assert (
        pay(
            as_student, SelectionFactory(student=student, participant=mia, camp_class=pottery)
        ).status_code
        == 201
    )
    second = SelectionFactory(student=student, participant=leo, camp_class=weaving)

    opened = as_student.post("/api/createPaymentIntent", {"payId": second.pk}, format="json")
    paid = pay(as_student, second)

    assert opened.json()["listPrice"] == 200.0
    assert opened.json()["adjustments"] == [
        {"kind": "sibling", "label": "Sibling discount", "amount": -20.0}
    ]
    assert opened.json()["amountDue"] == 180.0
    assert paid.status_code == 201
    payment = Payment.objects.get(participant=leo)
    assert payment.price == D("180.00")
    assert payment.list_price == D("200.00")
    assert payment.adjustments == [
        {"kind": "sibling", "label": "Sibling discount", "amount": "-20.00"}
    ]
    # Stripe charged what the family was shown.
    charged = requests.get(
        f"{settings.STRIPE_API_BASE}/v1/payment_intents/{payment.transaction_id}",
        auth=(settings.STRIPE_SECRET_KEY, ""),
        timeout=10,
    ).json()
    assert charged["amount"] == 18000


def test_a_family_reads_its_credit_newest_first(api_client_for):
    family = UserFactory(role=Role.STUDENT)
    CreditEntry.objects.create(
        family=family,
        amount=D("40.00"),
        reason="Refund taken as credit",
        at=timezone.now() - timedelta(days=2),
    )
    CreditEntry.objects.create(family=family, amount=D("-15.50"), reason="Spent at checkout")
    CreditEntry.objects.create(family=UserFactory(), amount=D("99.00"), reason="Another family's")

    response = api_client_for(family).get("/api/credit")

    assert response.status_code == 200
    assert response.json()["balance"] == 24.5
    assert [(e["amount"], e["reason"]) for e in response.json()["entries"]] == [
        (-15.5, "Spent at checkout"),
        (40.0, "Refund taken as credit"),
    ]


class TestTheBackOffice:
    def test_a_scholarship_records_who_granted_it(self, back_office, back_office_admin, season):
        family = UserFactory(role=Role.STUDENT)

        response = back_office.post(
            "/admin/payments/scholarship/add/",
            {
                "season": season.pk,
                "family": family.pk,
                "percent": "25",
                "cap": "100",
                "note": "Need",
            },
        )

        assert response.status_code == 302
        assert Scholarship.objects.get().granted_by == back_office_admin

    def test_a_scholarship_is_a_percentage_or_an_amount_never_both(self, back_office, season):
        family = UserFactory(role=Role.STUDENT)

        response = back_office.post(
            "/admin/payments/scholarship/add/",
            {"season": season.pk, "family": family.pk, "percent": "25", "amount": "50"},
        )

        assert response.status_code == 200
        assert not Scholarship.objects.exists()

    def test_a_code_is_kept_in_capitals(self, back_office, season):
        response = back_office.post(
            "/admin/payments/promocode/add/",
            {"season": season.pk, "code": " welcome10 ", "percent": "10", "uses_limit": "1000"},
        )

        assert response.status_code == 302
        assert PromoCode.objects.get().code == "WELCOME10"

    def test_credit_is_granted_by_an_admin_and_never_changed(self, back_office, back_office_admin):
        family = UserFactory(role=Role.STUDENT)

        response = back_office.post(
            "/admin/payments/creditentry/add/",
            {"family": family.pk, "amount": "25.00", "reason": "Sorry for the rain day"},
        )
        entry = CreditEntry.objects.get()
        edit = back_office.post(
            f"/admin/payments/creditentry/{entry.pk}/change/",
            {"family": family.pk, "amount": "2500.00", "reason": "Changed"},
        )

        assert response.status_code == 302
        assert entry.by == back_office_admin
        assert edit.status_code == 403
        entry.refresh_from_db()
        assert entry.amount == D("25.00")
        assert (
            back_office.post(f"/admin/payments/creditentry/{entry.pk}/delete/").status_code == 403
        )


def test_a_class_the_discounts_cover_enrols_without_a_card(
    localstripe, season, student, as_student
):
    mia = ChildFactory(account=student)
    pottery = ClassFactory(status=ClassStatus.APPROVED, season=season, price=D("300.00"))
    Scholarship.objects.create(season=season, family=student, percent=D(100))
    selection = SelectionFactory(student=student, participant=mia, camp_class=pottery)

    opened = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
    enrolled = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

    assert opened.status_code == 409
    assert opened.json() == {
        "message": "Your discounts cover this class: enrol without a card.",
        "code": "nothing_due",
    }
    assert enrolled.status_code == 201
    payment = Payment.objects.get(participant=mia)
    assert (payment.price, payment.list_price) == (D("0.00"), D("300.00"))
    assert payment.adjustments == [
        {"kind": "scholarship", "label": "Scholarship", "amount": "-300.00"}
    ]


def test_the_single_class_payment_charges_a_required_add_on_and_buys_it(
    localstripe, season, student, as_student, pay
):
    mia = ChildFactory(account=student)
    pottery = ClassFactory(status=ClassStatus.APPROVED, season=season, price=D("300.00"))
    fee = AddOn.objects.create(
        camp_class=pottery, label="Materials fee", price=D("25.00"), required=True
    )
    selection = SelectionFactory(student=student, participant=mia, camp_class=pottery)

    opened = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
    paid = pay(as_student, selection)

    assert opened.json()["adjustments"] == [
        {
            "kind": "add_on",
            "label": "Materials fee",
            "amount": 25.0,
            "addOnId": fee.pk,
            "optionId": None,
            "quantity": 1,
        }
    ]
    assert opened.json()["amountDue"] == 325.0
    assert paid.status_code == 201
    payment = Payment.objects.get(participant=mia)
    assert payment.price == D("325.00")
    [bought] = payment.add_ons.all()
    assert (bought.add_on, bought.label, bought.amount) == (fee, "Materials fee", D("25.00"))
