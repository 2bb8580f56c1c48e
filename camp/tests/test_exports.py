"""A family downloads everything the site holds about them, and nobody else's."""

import pytest

from accounts.models import Role
from enrolments.services import seat_give_back
from extras.models import Question, QuestionKind
from extras.services import answers_record
from front_desk.models import DeskActionKind
from front_desk.services.log import desk_log
from payments.models import PaymentStatus
from testing.factories import ChildFactory, PaymentFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_export_holds_the_account_the_family_and_their_history(api_client_for):
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez", notes="Peanuts.")
    selection = SelectionFactory(student=parent, participant=mia)
    paid = PaymentFactory(student=parent, participant=mia, status=PaymentStatus.ENROLLED)
    given_back = PaymentFactory(student=parent, status=PaymentStatus.ENROLLED)
    seat_give_back(enrolment_id=given_back.enrolment_id, reason="Refunded by the school.")
    wheel = Question.objects.create(
        camp_class=paid.camp_class, label="Used a wheel?", kind=QuestionKind.YES_NO
    )
    answers_record(participant=mia, answers={wheel.pk: False}, by_id=parent.pk)
    answers_record(participant=mia, answers={wheel.pk: True}, by_id=parent.pk)
    stranger = UserFactory(role=Role.STUDENT, email="zoe@camp.test")
    zed = ChildFactory(account=stranger, first_name="Zed")
    PaymentFactory(student=stranger, status=PaymentStatus.ENROLLED)
    answers_record(participant=zed, answers={wheel.pk: True}, by_id=stranger.pk)
    office = UserFactory(role=Role.OFFICE)
    desk_log(
        actor=office,
        family=parent,
        kind=DeskActionKind.FAMILY_REGISTERED,
        summary="Registered the family",
    )
    desk_log(actor=office, family=stranger, kind=DeskActionKind.CHILD_ADDED, summary="Added Zed")

    response = api_client_for(parent).get("/api/account/export")

    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="camp-my-data.json"'
    assert "no-store" in response["Cache-Control"]
    data = response.json()
    assert set(data) == {
        "exportedAt",
        "account",
        "participants",
        "selections",
        "enrolments",
        "payments",
        "careRecords",
        "policyAcceptances",
        "answers",
        "frontDeskLog",
    }
    assert (data["account"]["email"], data["account"]["name"]) == ("ana@camp.test", "Ana Lopez")
    assert [(row["firstName"], row["notes"]) for row in data["participants"]] == [
        ("Ana", ""),
        ("Mia", "Peanuts."),
    ]
    assert [row["_id"] for row in data["selections"]] == [selection.pk]
    assert sorted((row["_id"], row["status"]) for row in data["enrolments"]) == sorted(
        [(paid.enrolment_id, "active"), (given_back.enrolment_id, "cancelled")]
    )
    assert {row["_id"] for row in data["payments"]} == {paid.pk, given_back.pk}
    # Each person's care record, its history and who read it; the policies the family signed.
    mias = data["careRecords"][1]
    assert (mias["participantId"], mias["record"]["complete"]) == (mia.pk, True)
    assert mias["record"]["emergencyContacts"][0]["name"] == "Rosa Lopez"
    assert (mias["history"], mias["accessLog"]) == ([], [])
    assert data["careRecords"][0]["record"]["confirmedAt"] is None
    assert len(data["policyAcceptances"]) == 4
    assert [(row["participantId"], row["question"], row["value"]) for row in data["answers"]] == [
        (mia.pk, "Used a wheel?", False),
        (mia.pk, "Used a wheel?", True),
    ]
    assert [row["summary"] for row in data["frontDeskLog"]] == ["Registered the family"]
    assert "zoe@camp.test" not in response.content.decode()
    assert "Zed" not in response.content.decode()


def test_signing_in_is_needed(api_client):
    assert api_client.get("/api/account/export").status_code == 401
