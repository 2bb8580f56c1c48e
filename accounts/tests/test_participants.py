"""A family: the account holder ("Myself") and their children, managed through /api/participants."""

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import IntegrityError
from django.utils import timezone

from accounts.models import Participant, Role, User
from accounts.services import account_holder_of
from classes.models import ClassStatus
from enrolments.models import EnrolmentStatus
from enrolments.services import seat_give_back
from payments.models import Payment, PaymentStatus
from testing.dates import years_after, years_before
from testing.factories import (
    ChildFactory,
    ClassFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def mia(**changes) -> dict:
    return {
        "firstName": "Mia",
        "lastName": "Lopez",
        "dateOfBirth": "2019-07-07",
        "notes": "Allergic to peanuts.",
        "emergencyContactName": "Rosa Lopez",
        "emergencyContactPhone": "+1 415 555 0134",
        **changes,
    }


@pytest.fixture
def parent():
    return UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def as_parent(api_client_for, parent):
    return api_client_for(parent)


class TestTheAccountHolder:
    def test_the_family_starts_with_myself(self, as_parent, parent):
        response = as_parent.get("/api/participants")

        assert response.status_code == 200
        holder = Participant.objects.get(account=parent)
        assert response.json() == [
            {
                "_id": holder.pk,
                "firstName": "Ana",
                "lastName": "Lopez",
                "dateOfBirth": None,
                "notes": "",
                "emergencyContactName": "",
                "emergencyContactPhone": "",
                "isAccountHolder": True,
            }
        ]

    def test_registration_makes_and_names_the_account_holder(self, api_client, emulator):
        account = emulator.sign_up("ana@camp.test")
        signed_in = api_client.post(
            "/api/jwt", {"email": "ana@camp.test", "idToken": account["idToken"]}, format="json"
        )
        user = User.objects.get(email="ana@camp.test")
        assert Participant.objects.filter(account=user, is_account_holder=True).count() == 1

        api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {signed_in.json()['token']}")
        api_client.post(
            "/api/users",
            {"name": "Ana María Lopez", "photo": "", "email": "ana@camp.test"},
            format="json",
        )

        holder = Participant.objects.get(account=user)
        assert (holder.first_name, holder.last_name, holder.is_account_holder) == (
            "Ana María",
            "Lopez",
            True,
        )

    def test_an_account_has_one_holder_whatever_the_path(self, parent):
        assert account_holder_of(parent) == account_holder_of(parent)
        with pytest.raises(IntegrityError):
            Participant.objects.create(account=parent, is_account_holder=True)

    def test_the_holder_cannot_be_removed(self, as_parent, parent):
        holder = account_holder_of(parent)

        response = as_parent.delete(f"/api/participants/{holder.pk}")

        assert response.status_code == 409
        assert response.json()["message"] == (
            "You are the account holder: you stay in your family."
        )

    def test_the_holder_may_give_a_date_of_birth_or_none(self, as_parent, parent):
        holder = account_holder_of(parent)

        response = as_parent.put(
            f"/api/participants/{holder.pk}",
            {"firstName": "Ana", "lastName": "Lopez", "dateOfBirth": None},
            format="json",
        )

        assert response.status_code == 200, response.json()
        assert response.json()["dateOfBirth"] is None


class TestChildren:
    def test_a_parent_adds_a_child_listed_after_themself(self, as_parent, parent):
        response = as_parent.post("/api/participants", mia(), format="json")

        assert response.status_code == 201, response.json()
        child = Participant.objects.get(account=parent, is_account_holder=False)
        assert response.json() == {"_id": child.pk, **mia(), "isAccountHolder": False}
        listed = as_parent.get("/api/participants").json()
        assert [row["firstName"] for row in listed] == ["Ana", "Mia"]

    def test_a_parent_edits_a_child(self, as_parent, parent):
        child = ChildFactory(account=parent, first_name="Mia")

        response = as_parent.put(
            f"/api/participants/{child.pk}", mia(notes="Uses an inhaler."), format="json"
        )

        assert response.status_code == 200, response.json()
        child.refresh_from_db()
        assert child.notes == "Uses an inhaler."
        assert child.date_of_birth == date(2019, 7, 7)

    def test_leaving_out_optional_fields_keeps_them(self, as_parent, parent):
        child = ChildFactory(account=parent, notes="Peanuts.", emergency_contact_name="Rosa")

        response = as_parent.put(
            f"/api/participants/{child.pk}",
            {"firstName": "Leo", "lastName": "Lopez", "dateOfBirth": "2018-01-02"},
            format="json",
        )

        assert response.status_code == 200
        child.refresh_from_db()
        assert (child.first_name, child.notes, child.emergency_contact_name) == (
            "Leo",
            "Peanuts.",
            "Rosa",
        )

    @pytest.mark.parametrize(
        ("changes", "field", "message"),
        [
            ({"dateOfBirth": None}, "dateOfBirth", "Give the child's date of birth"),
            (
                {"dateOfBirth": str(years_after(date.today(), 2))},
                "dateOfBirth",
                "cannot be in the future",
            ),
            ({"dateOfBirth": "1900-05-01"}, "dateOfBirth", "more than 100 years ago"),
            ({"dateOfBirth": "07/07/2019"}, "dateOfBirth", "Date has wrong format"),
            ({"firstName": "  "}, "firstName", "Give the child's name"),
            ({"lastName": ""}, "lastName", "Give the child's name"),
            ({"firstName": "M" * 61}, "firstName", "no more than 60 characters"),
            ({"notes": "x" * 2001}, "notes", "no more than 2000 characters"),
        ],
    )
    def test_bad_details_name_the_field(self, as_parent, parent, changes, field, message):
        response = as_parent.post("/api/participants", mia(**changes), format="json")

        assert response.status_code == 400
        assert message in " ".join(response.json()["errors"][field])
        assert not Participant.objects.filter(account=parent, is_account_holder=False).exists()

    def test_born_exactly_100_years_ago_is_accepted(self, as_parent):
        today = timezone.localdate(timezone=ZoneInfo("America/Los_Angeles"))
        hundred = years_before(today, 100)
        too_old = hundred - timedelta(days=1)

        accepted = as_parent.post(
            "/api/participants", mia(dateOfBirth=hundred.isoformat()), format="json"
        )
        refused = as_parent.post(
            "/api/participants",
            mia(firstName="Leo", dateOfBirth=too_old.isoformat()),
            format="json",
        )

        assert accepted.status_code == 201, accepted.json()
        assert refused.status_code == 400

    def test_the_same_child_twice_is_refused_as_a_likely_duplicate(self, as_parent, parent):
        as_parent.post("/api/participants", mia(), format="json")

        response = as_parent.post(
            "/api/participants", mia(firstName="mia", lastName="LOPEZ"), format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"]["firstName"] == [
            "mia LOPEZ, born on July 7, 2019, is already in your family."
        ]
        assert Participant.objects.filter(account=parent, is_account_holder=False).count() == 1

    def test_twins_with_their_own_names_are_two_children(self, as_parent, parent):
        as_parent.post("/api/participants", mia(), format="json")
        response = as_parent.post("/api/participants", mia(firstName="Lia"), format="json")

        assert response.status_code == 201

    def test_another_family_may_have_a_child_of_the_same_name(self, api_client_for, parent):
        ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
        stranger = api_client_for(UserFactory())

        assert stranger.post("/api/participants", mia(), format="json").status_code == 201

    def test_the_database_holds_the_duplicate_rule_too(self, parent):
        ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
        with pytest.raises(IntegrityError):
            ChildFactory(account=parent, first_name="MIA", last_name="lopez")

    def test_a_child_always_has_a_date_of_birth_in_the_database(self, parent):
        with pytest.raises(IntegrityError):
            ChildFactory(account=parent, date_of_birth=None)


class TestRemovingAChild:
    def test_a_child_with_nothing_on_record_is_removed(self, as_parent, parent):
        child = ChildFactory(account=parent)

        response = as_parent.delete(f"/api/participants/{child.pk}")

        assert response.status_code == 200
        assert response.json() == {"deletedCount": 1}
        assert not Participant.objects.filter(pk=child.pk).exists()

    def test_a_child_with_a_selection_is_kept(self, as_parent, parent):
        child = ChildFactory(account=parent, first_name="Mia")
        SelectionFactory(student=parent, participant=child)

        response = as_parent.delete(f"/api/participants/{child.pk}")

        assert response.status_code == 409
        assert response.json()["message"].startswith("Mia has a class selected.")
        assert Participant.objects.filter(pk=child.pk).exists()

    def test_a_child_with_a_seat_is_kept(self, as_parent, parent):
        child = ChildFactory(account=parent, first_name="Mia")
        PaymentFactory(student=parent, participant=child, status=PaymentStatus.ENROLLED)

        response = as_parent.delete(f"/api/participants/{child.pk}")

        assert response.status_code == 409
        assert response.json()["message"].startswith("Mia is enrolled in a class")

    def test_after_the_seat_is_given_back_the_record_goes_and_the_receipt_stays(
        self, as_parent, parent
    ):
        child = ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
        payment = PaymentFactory(student=parent, participant=child, status=PaymentStatus.ENROLLED)
        seat_give_back(enrolment_id=payment.enrolment_id, reason="Refunded by the school.")

        response = as_parent.delete(f"/api/participants/{child.pk}")

        assert response.status_code == 200
        payment.refresh_from_db()
        assert payment.participant_id is None
        assert payment.participant_name == "Mia Lopez"
        assert payment.enrolment.status == EnrolmentStatus.CANCELLED
        assert payment.enrolment.participant_id is None
        history = as_parent.get("/api/payments/ana@camp.test").json()
        assert [(row["participantId"], row["participantName"]) for row in history] == [
            (None, "Mia Lopez")
        ]
        assert Payment.objects.count() == 1


class TestOwnFamilyOnly:
    @pytest.mark.parametrize("method", ["get", "put", "delete"])
    def test_another_familys_child_is_not_found(self, api_client_for, parent, method):
        child = ChildFactory(account=parent)
        stranger = api_client_for(UserFactory())

        response = getattr(stranger, method)(f"/api/participants/{child.pk}", mia(), format="json")

        assert response.status_code == 404
        assert Participant.objects.get(pk=child.pk).first_name == child.first_name

    def test_the_list_is_only_the_callers_family(self, api_client_for, parent):
        ChildFactory(account=parent)
        stranger = UserFactory()

        listed = api_client_for(stranger).get("/api/participants").json()

        assert [row["isAccountHolder"] for row in listed] == [True]
        assert listed[0]["_id"] == account_holder_of(stranger).pk

    def test_signing_in_is_needed(self, api_client):
        assert api_client.get("/api/participants").status_code == 401
        assert api_client.post("/api/participants", mia(), format="json").status_code == 401


class TestTheFamilysSize:
    NAMES = ("Mia", "Leo", "Ivy", "Noa")

    def test_a_family_lists_at_most_the_schools_number_of_people(self, settings, as_parent, parent):
        settings.FAMILY_MAX_PARTICIPANTS = 3
        added = [
            as_parent.post("/api/participants", mia(firstName=name), format="json").status_code
            for name in self.NAMES[:2]
        ]

        refused = as_parent.post("/api/participants", mia(firstName="Ivy"), format="json")

        assert added == [201, 201]
        assert refused.status_code == 409
        assert refused.json() == {
            "message": "A family lists at most 3 people, yourself included: remove someone to "
            "add another."
        }
        assert Participant.objects.filter(account=parent).count() == 3

    def test_the_eligibility_answer_is_bounded_by_the_familys_size(
        self, settings, as_parent, parent
    ):
        """Its rows are the classes asked (100 at most) times the family (at most
        FAMILY_MAX_PARTICIPANTS), however often the family tries to add more."""
        settings.FAMILY_MAX_PARTICIPANTS = 3
        for name in self.NAMES:
            as_parent.post("/api/participants", mia(firstName=name), format="json")
        classes = [ClassFactory(status=ClassStatus.APPROVED) for _ in range(2)]

        answer = as_parent.get(
            "/api/eligibility", {"classIds": ",".join(str(c.pk) for c in classes)}
        )

        assert answer.status_code == 200
        assert {key: len(family) for key, family in answer.json()["classes"].items()} == {
            str(camp_class.pk): 3 for camp_class in classes
        }
