"""Paying for a child asks for their care record and the school's policies first
(`CARE_REQUIRED_AT=checkout`, the `care` rule of enrolments.rules): the payment page answers
409 `care_incomplete` naming what is missing, and nothing is held or charged until it is given."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from accounts.models import Role
from accounts.services import calendar_token_get_or_make
from care.models import CareRecord, Policy, PolicyVersion
from classes.models import ClassStatus
from enrolments.models import SeatHold
from notifications.models import Message
from payments.models import ChargeAttempt, Payment
from testing.care import care_completed
from testing.factories import ChildFactory, ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db

ALL_POLICIES = [
    "policy:liability-waiver",
    "policy:photo-policy",
    "policy:refund-policy",
    "policy:code-of-conduct",
]


@pytest.fixture
def mia(student):
    return ChildFactory(account=student, first_name="Mia", care=False)


@pytest.fixture
def mias_selection(student, mia, pottery):
    return SelectionFactory(student=student, participant=mia, camp_class=pottery)


def open_payment(client, selection):
    return client.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")


def test_a_child_without_a_record_is_asked_for_it_and_nothing_is_held(
    localstripe, as_student, mia, mias_selection
):
    response = open_payment(as_student, mias_selection)

    assert response.status_code == 409
    assert response.json() == {
        "message": "Before Mia's first class the school needs: the care record (allergies, "
        "medication, contacts, pick-ups, photo consent); acceptance of the liability waiver; "
        "acceptance of the photo policy; acceptance of the refund policy; acceptance of the "
        "code of conduct.",
        "code": "care_incomplete",
        "participantId": mia.pk,
        "missing": ["record", *ALL_POLICIES],
    }
    assert not SeatHold.objects.exists()


def test_each_missing_item_is_named(localstripe, as_student, mia, mias_selection):
    care_completed(mia, emergency_contacts=[], photo_consent=None)
    PolicyVersion.objects.create(
        policy=Policy.objects.get(slug="photo-policy"), number=2, text="Now with video."
    )

    response = open_payment(as_student, mias_selection)

    assert response.status_code == 409
    assert response.json()["missing"] == [
        "emergencyContacts",
        "photoConsent",
        "policy:photo-policy",
    ]


def test_once_given_the_family_pays(localstripe, as_student, mia, mias_selection, pay):
    care_completed(mia)

    response = pay(as_student, mias_selection)

    assert response.status_code == 201, response.json()
    assert Payment.objects.get().participant == mia


def test_a_record_confirmed_last_season_is_confirmed_again(
    localstripe, api_client_for, student, mia, mias_selection
):
    care_completed(mia)
    with time_machine.travel(timezone.now() + timedelta(days=301), tick=True):
        # Signed in next season.
        as_student = api_client_for(student)
        response = open_payment(as_student, mias_selection)
        assert response.status_code == 409
        assert response.json()["missing"] == ["confirmation"]

        confirmed = as_student.post(f"/api/participants/{mia.pk}/care/confirmation")
        assert confirmed.status_code == 200

        assert open_payment(as_student, mias_selection).status_code == 200


def test_a_policy_changed_while_paying_stops_the_charge(
    localstripe, as_student, mia, mias_selection, save_card
):
    care_completed(mia)
    saved = save_card(as_student, mias_selection)
    PolicyVersion.objects.create(
        policy=Policy.objects.get(slug="liability-waiver"), number=2, text="Kilns are hot."
    )

    response = as_student.post(
        "/api/payments",
        {"payId": mias_selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["missing"] == ["policy:liability-waiver"]
    assert not ChargeAttempt.objects.exists()


def test_a_free_class_asks_the_same(localstripe, as_student, student, mia, instructor):
    free = ClassFactory(price=Decimal("0.00"), status=ClassStatus.APPROVED, instructor=instructor)
    selection = SelectionFactory(student=student, participant=mia, camp_class=free)

    response = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "care_incomplete"
    assert not Payment.objects.exists()


def test_an_adult_enrolling_themself_is_asked_for_nothing(localstripe, as_student, selection):
    assert open_payment(as_student, selection).status_code == 200


def test_unless_the_school_asks_adults_too(localstripe, settings, as_student, student, selection):
    settings.CARE_REQUIRED_FOR_ADULTS = True

    response = open_payment(as_student, selection)

    assert response.status_code == 409
    assert response.json()["message"].startswith("Before your first class the school needs:")
    assert response.json()["missing"] == ["record", *ALL_POLICIES]
    holder = selection.participant
    care_completed(
        holder,
        emergency_contacts=[{"name": "Jo", "relationship": "Partner", "phone": "+14155550100"}],
        photo_consent=None,
    )
    # One emergency contact is enough for an adult, and photos are not asked.
    assert open_payment(as_student, selection).status_code == 200


def test_at_first_meeting_checkout_asks_nothing(
    localstripe, settings, as_student, mia, mias_selection
):
    settings.CARE_REQUIRED_AT = "first_meeting"

    assert open_payment(as_student, mias_selection).status_code == 200
    assert not CareRecord.objects.exists()


SECRETS = ("Peanuts", "EpiPen", "Ventolin", "Type 1 diabetes", "Gluten", "Dr Ruiz", "Rosa Lopez")

MEDICAL = {
    "allergies": [{"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen at once"}],
    "medications": [{"name": "Ventolin", "dose": "2", "schedule": "noon", "at_camp": True}],
    "conditions": "Type 1 diabetes",
    "dietary": "Gluten free",
    "doctor": {"name": "Dr Ruiz", "phone": "+14155550100"},
}


def test_a_childs_record_is_in_no_public_answer_mail_or_refusal(
    localstripe, api_client, api_client_for, pay
):
    """Nothing of a child's care record leaves the places that may show it: not the public
    pages and lists, the sitemap, the calendar feed, the API schema, the e-mails a payment
    sends, nor the refusals the checkout answers."""
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(account=parent, first_name="Mia")
    care_completed(
        mia,
        medical=MEDICAL,
        emergency_contacts=[
            {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
            {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550135"},
        ],
    )
    pottery = ClassFactory(name="Pottery", status=ClassStatus.APPROVED)
    selection = SelectionFactory(student=parent, participant=mia, camp_class=pottery)
    as_parent = api_client_for(parent)

    assert pay(as_parent, selection).status_code == 201
    CareRecord.objects.filter(participant=mia).update(photo_consent=None)
    second = SelectionFactory(
        student=parent, participant=mia, camp_class=ClassFactory(status=ClassStatus.APPROVED)
    )
    refusal = as_parent.post("/api/createPaymentIntent", {"payId": second.pk}, format="json")
    assert refusal.status_code == 409

    token = calendar_token_get_or_make(user=parent)
    answers = [
        api_client.get("/api/classes").content,
        api_client.get(f"/api/classes/{pottery.pk}").content,
        api_client.get(f"/classes/{pottery.pk}").content,
        api_client.get("/sitemap.xml").content,
        api_client.get("/api/schema").content,
        api_client.get(f"/api/calendar/{token}.ics").content,
        refusal.content,
    ]
    mail = [
        f"{message.subject}\n{message.text}\n{message.html}" for message in Message.objects.all()
    ]
    assert mail
    for text in [answer.decode() for answer in answers] + mail:
        for secret in SECRETS:
            assert secret not in text
