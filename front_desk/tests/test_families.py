"""The front desk's families: the office finds a family, registers one (a Firebase account in
the emulator, a link to set the password e-mailed through the SMTP sink), adds children and
takes their care records by phone, which count for the care rule and which the family confirms
at their first sign-in. Every write is on the desk's log."""

import contextlib
import re

import firebase_admin
import pytest

from accounts import firebase
from accounts.models import Participant, Role, User
from accounts.services import account_holder_of
from care.models import CareRecord
from care.selectors import care_missing
from front_desk.models import DeskAction, DeskActionKind
from notifications.models import Message
from testing.authorization_matrix import CARE_BODY
from testing.care import action_plan_uploaded, care_completed, policies_accepted
from testing.factories import ChildFactory, UserFactory
from testing.outbox import send_queued
from testing.servers import free_port

pytestmark = pytest.mark.django_db

FAMILIES = "/api/frontDesk/families"
# A child's record as the family's own form sends it; an allergy that asks for no action plan
# (a plan the family uploads itself: test_a_severe_allergy_taken_by_phone_asks_for_its_plan).
CARE = {**CARE_BODY, "allergies": [{"name": "Peanuts", "severity": "mild", "action": "Ice"}]}


@pytest.fixture
def office():
    return UserFactory(role=Role.OFFICE, name="Dana Desk")


@pytest.fixture
def desk(api_client_for, office):
    return api_client_for(office)


@pytest.fixture
def lopez():
    family = UserFactory(
        role=Role.STUDENT, name="Ana Lopez", email="ana@family.test", phone="+14155550134"
    )
    account_holder_of(family)
    ChildFactory(account=family, first_name="Mia", last_name="Lopez")
    return family


def logged(kind) -> list[DeskAction]:
    return list(DeskAction.objects.filter(kind=kind))


class TestFind:
    @pytest.mark.parametrize("q", ["ana lop", "ANA@family", "(415) 555-0134", "555 0134", "mia l"])
    def test_a_family_is_found_by_name_e_mail_phone_or_a_child_s_name(self, desk, lopez, q):
        UserFactory(role=Role.STUDENT, name="Bo Other", email="bo@family.test", phone="+1212")

        response = desk.get(FAMILIES, {"q": q})

        assert response.status_code == 200
        assert [family["id"] for family in response.json()] == [lopez.pk]

    def test_the_answer_says_the_family_s_people_paperwork_and_credit(self, desk, lopez):
        holder, mia = Participant.objects.filter(account=lopez).order_by("-is_account_holder")

        [found] = desk.get(FAMILIES, {"q": "Lopez"}).json()

        assert found == {
            "id": lopez.pk,
            "name": "Ana Lopez",
            "email": "ana@family.test",
            "phone": "+14155550134",
            "credit": 0.0,
            "participants": [
                {
                    "id": holder.pk,
                    "firstName": holder.first_name,
                    "lastName": holder.last_name,
                    "name": holder.name,
                    "dateOfBirth": None,
                    "isAccountHolder": True,
                    "careMissing": [],
                    "careToConfirm": False,
                },
                {
                    "id": mia.pk,
                    "firstName": "Mia",
                    "lastName": "Lopez",
                    "name": "Mia Lopez",
                    "dateOfBirth": mia.date_of_birth.isoformat(),
                    "isAccountHolder": False,
                    "careMissing": [],
                    "careToConfirm": False,
                },
            ],
        }

    def test_staff_are_no_family(self, desk):
        UserFactory(role=Role.INSTRUCTOR, name="Pat Lopez")

        assert desk.get(FAMILIES, {"q": "Lopez"}).json() == []

    @pytest.mark.parametrize("query", [{}, {"q": "a"}, {"q": "  "}])
    def test_a_search_of_less_than_two_characters_is_refused_naming_q(self, desk, query):
        response = desk.get(FAMILIES, query)

        assert response.status_code == 400
        assert "q" in response.json()["errors"]


class TestRegister:
    def test_the_family_gets_an_account_and_a_link_to_set_its_password(
        self, desk, office, emulator, smtp_sink, api_client
    ):
        response = desk.post(
            FAMILIES,
            {"email": "Rosa@Family.test", "name": " Rosa  Diaz ", "phone": "(415) 555-0199"},
            format="json",
        )

        assert response.status_code == 201
        family = User.objects.get(email="rosa@family.test")
        assert response.json() == {
            "id": family.pk,
            "name": "Rosa Diaz",
            "email": "rosa@family.test",
            "phone": "+14155550199",
            "credit": 0.0,
            "participants": [
                {
                    "id": Participant.objects.get(account=family).pk,
                    "firstName": "Rosa",
                    "lastName": "Diaz",
                    "name": "Rosa Diaz",
                    "dateOfBirth": None,
                    "isAccountHolder": True,
                    "careMissing": [],
                    "careToConfirm": False,
                }
            ],
        }
        assert family.role == Role.STUDENT
        account = emulator.account_of("rosa@family.test")
        assert account is not None and account["localId"] == family.firebase_uid
        assert "passwordHash" not in account
        [entry] = logged(DeskActionKind.FAMILY_REGISTERED)
        assert (entry.actor, entry.family) == (office, family)

        send_queued()
        [received] = smtp_sink.messages()
        assert received["To"] == "rosa@family.test"
        body = received.get_body(preferencelist=("plain",)).get_content()
        [link] = re.findall(r"https?://\S+oobCode=\S+", body)
        # The family follows the link, chooses a password and signs in to the account made.
        emulator.password_set_by_link(link, "Rosa@2003-new")
        token = emulator.sign_in("rosa@family.test", "Rosa@2003-new")
        signed_in = api_client.post(
            "/api/jwt", {"email": "rosa@family.test", "idToken": token}, format="json"
        )
        assert signed_in.status_code == 200
        assert User.objects.filter(email="rosa@family.test").count() == 1

    def test_a_known_e_mail_is_a_conflict_naming_the_family(self, desk, lopez, emulator):
        response = desk.post(
            FAMILIES, {"email": "ANA@family.test", "name": "Ana Lopez"}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["code"] == "family_exists"
        assert "ana@family.test" in response.json()["message"]
        assert response.json()["familyId"] == lopez.pk
        assert emulator.account_of("ana@family.test") is None
        assert not DeskAction.objects.exists()

    def test_bad_input_is_refused_naming_each_field(self, desk, emulator):
        response = desk.post(FAMILIES, {"email": "not an address", "name": ""}, format="json")

        assert response.status_code == 400
        assert set(response.json()["errors"]) == {"email", "name"}

    def test_a_phone_that_is_no_phone_is_refused_naming_it(self, desk, emulator):
        response = desk.post(
            FAMILIES,
            {"email": "rosa@family.test", "name": "Rosa Diaz", "phone": "12"},
            format="json",
        )

        assert response.status_code == 400
        assert set(response.json()["errors"]) == {"phone"}
        assert not User.objects.filter(email="rosa@family.test").exists()
        assert emulator.account_of("rosa@family.test") is None

    def test_firebase_out_of_reach_keeps_nothing(self, desk, monkeypatch):
        # A port nobody answers on: the identity provider is down.
        monkeypatch.setenv("FIREBASE_AUTH_EMULATOR_HOST", f"127.0.0.1:{free_port()}")
        forget_firebase_app()
        try:
            response = desk.post(
                FAMILIES, {"email": "rosa@family.test", "name": "Rosa Diaz"}, format="json"
            )
        finally:
            monkeypatch.undo()
            forget_firebase_app()

        assert response.status_code == 503
        assert response.json()["code"] == "sign_in_unavailable"
        assert not User.objects.filter(email="rosa@family.test").exists()
        assert not DeskAction.objects.exists()
        assert not Message.objects.exists()


def forget_firebase_app() -> None:
    # firebase-admin reads the emulator's address when its app is made: a new one reads it anew.
    with contextlib.suppress(ValueError):
        firebase_admin.delete_app(firebase_admin.get_app(firebase.APP_NAME))


class TestChildrenAndCare:
    def test_a_child_is_added_with_the_care_record_taken_by_phone(
        self, desk, office, lopez, api_client_for
    ):
        response = desk.post(
            f"{FAMILIES}/{lopez.pk}/participants",
            {"firstName": "Leo", "lastName": "Lopez", "dateOfBirth": "2018-04-01", "care": CARE},
            format="json",
        )

        assert response.status_code == 201
        leo = Participant.objects.get(account=lopez, first_name="Leo")
        body = response.json()
        assert body["id"] == leo.pk
        assert body["careToConfirm"] is True
        # The record is done; only the policies, which the family accepts online, are left.
        assert body["careMissing"] and all(
            item.startswith("policy:") for item in body["careMissing"]
        )
        record = CareRecord.objects.get(participant=leo)
        assert (record.taken_by, record.confirmed_at) == (office, None)
        assert record.taken_at is not None
        assert record.emergency_contacts[0]["phone"] == "+14155550134"
        assert [(e.kind, e.family) for e in DeskAction.objects.order_by("id")] == [
            (DeskActionKind.CHILD_ADDED, lopez),
            (DeskActionKind.CARE_TAKEN, lopez),
        ]
        # The care rule counts it complete once the policies are accepted.
        policies_accepted(leo)
        assert care_missing(leo) == []

        # The family is asked to check it at their next sign-in, and confirming clears it.
        family = api_client_for(lopez)
        [todo] = [
            item for item in family.get("/api/todo").json() if item["participantId"] == leo.pk
        ]
        assert todo["kind"] == "careTakenByPhone"
        assert todo["takenAt"] is not None
        care = family.get(f"/api/participants/{leo.pk}/care").json()
        assert (care["takenToConfirm"], care["complete"]) == (True, True)

        confirmed = family.post(f"/api/participants/{leo.pk}/care/confirmation")

        assert confirmed.status_code == 200
        assert confirmed.json()["takenToConfirm"] is False
        assert not [
            item for item in family.get("/api/todo").json() if item["kind"] == "careTakenByPhone"
        ]

    def test_a_severe_allergy_taken_by_phone_asks_for_its_plan(self, desk, lopez):
        # The office takes the record, never a document: the plan is the family's to upload.
        response = desk.post(
            f"{FAMILIES}/{lopez.pk}/participants",
            {
                "firstName": "Leo",
                "lastName": "Lopez",
                "dateOfBirth": "2018-04-01",
                "care": CARE_BODY,
            },
            format="json",
        )

        assert response.status_code == 201
        leo = Participant.objects.get(account=lopez, first_name="Leo")
        assert CareRecord.objects.get(participant=leo).action_plan_needed is True
        assert response.json()["careMissing"][0] == "actionPlan"
        policies_accepted(leo)
        assert care_missing(leo) == ["actionPlan"]
        action_plan_uploaded(leo)
        assert care_missing(leo) == []

    def test_a_record_that_cannot_be_kept_is_refused_under_care_and_no_child_is_added(
        self, desk, lopez
    ):
        bad = {
            **CARE,
            "emergencyContacts": [{"name": "Rosa", "relationship": "Aunt", "phone": "1"}],
        }

        response = desk.post(
            f"{FAMILIES}/{lopez.pk}/participants",
            {"firstName": "Leo", "lastName": "Lopez", "dateOfBirth": "2018-04-01", "care": bad},
            format="json",
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["care"]
        assert "emergencyContacts" in response.json()["errors"]["care"]
        assert not Participant.objects.filter(first_name="Leo").exists()
        assert not DeskAction.objects.exists()

    def test_a_child_without_a_name_is_refused_naming_the_fields(self, desk, lopez):
        response = desk.post(
            f"{FAMILIES}/{lopez.pk}/participants",
            {"firstName": "", "lastName": "", "dateOfBirth": None},
            format="json",
        )

        assert response.status_code == 400
        assert set(response.json()["errors"]) == {"firstName", "lastName", "dateOfBirth"}

    def test_only_a_family_takes_children(self, desk):
        teacher = UserFactory(role=Role.INSTRUCTOR)

        response = desk.post(
            f"{FAMILIES}/{teacher.pk}/participants",
            {"firstName": "Leo", "lastName": "Lopez", "dateOfBirth": "2018-04-01"},
            format="json",
        )

        assert response.status_code == 404

    def test_a_record_retaken_by_phone_waits_for_the_family_s_save(
        self, desk, office, lopez, api_client_for
    ):
        mia = Participant.objects.get(account=lopez, first_name="Mia")
        confirmed_before = CareRecord.objects.get(participant=mia).confirmed_at

        response = desk.put(f"/api/frontDesk/participants/{mia.pk}/care", CARE, format="json")

        assert response.status_code == 200
        assert (response.json()["careToConfirm"], response.json()["careMissing"]) == (True, [])
        record = CareRecord.objects.get(participant=mia)
        assert record.confirmed_at == confirmed_before
        assert record.taken_at > confirmed_before
        assert record.medical["allergies"][0]["name"] == "Peanuts"
        [entry] = logged(DeskActionKind.CARE_TAKEN)
        assert (entry.actor, entry.family) == (office, lopez)

        saved = api_client_for(lopez).patch(
            f"/api/participants/{mia.pk}/care", {"photoConsent": False}, format="json"
        )

        assert saved.json()["takenToConfirm"] is False
        assert CareRecord.objects.get(participant=mia).confirmed_at > record.taken_at

    def test_an_instructor_s_own_record_is_not_the_desk_s(self, desk):
        teacher_self = care_completed(
            Participant.objects.create(
                account=UserFactory(role=Role.INSTRUCTOR), is_account_holder=True
            )
        )

        response = desk.put(
            f"/api/frontDesk/participants/{teacher_self.participant_id}/care", CARE, format="json"
        )

        assert response.status_code == 404
        assert CareRecord.objects.get(pk=teacher_self.pk).taken_at is None
