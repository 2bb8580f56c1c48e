"""The waitlist's endpoints: what a family, the class's instructor and admins send and read."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Role
from classes.models import Class
from enrolments.models import WaitlistEntry, WaitlistStatus
from enrolments.services import seat_give_back, waitlist_join, waitlist_move_up
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

IN_A_MONTH = timezone.localdate() + timedelta(days=30)


@pytest.fixture
def full_class(people):
    camp_class = scheduled_class(
        start=IN_A_MONTH,
        days=(IN_A_MONTH.weekday(),),
        seats=1,
        instructor=people["instructor"],
        name="Batik",
    )
    taken = EnrolmentFactory(camp_class=camp_class)
    Class.objects.filter(pk=camp_class.pk).update(seats=0, enroll=1)
    camp_class.taken_by = taken
    return camp_class


@pytest.fixture
def as_student(client_as):
    return client_as("student")


def join(client, camp_class, participant=None):
    body = {"classId": camp_class.pk}
    if participant is not None:
        body["participantId"] = participant.pk
    return client.post("/api/waitlist", body, format="json")


def test_a_family_joins_for_a_child_and_reads_the_place(full_class, people, as_student):
    child = ChildFactory(account=people["student"], first_name="Lily")
    ahead = UserFactory(role=Role.STUDENT)
    waitlist_join(student=ahead, class_id=full_class.pk, participant_id=None)

    answer = join(as_student, full_class, child)

    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["classId"] == full_class.pk
    assert body["className"] == "Batik"
    assert body["participantName"] == child.name
    assert body["status"] == "waiting"
    assert body["position"] == 2
    assert body["offerExpiresAt"] is None
    listed = as_student.get("/api/waitlist").json()
    assert [entry["_id"] for entry in listed] == [body["_id"]]
    assert listed[0]["position"] == 2


def test_a_class_with_seats_free_answers_409_with_why(people, as_student):
    open_class = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), seats=3)

    answer = join(as_student, open_class)

    assert answer.status_code == 409
    assert answer.json()["message"] == "Seats are free in this class: select it instead."


@pytest.mark.parametrize(
    "body, field",
    [
        ({}, "classId"),
        ({"classId": "x"}, "classId"),
        ({"classId": 1, "participantId": 0}, "participantId"),
    ],
)
def test_bad_input_names_the_field(as_student, body, field):
    answer = as_student.post("/api/waitlist", body, format="json")

    assert answer.status_code == 400
    assert field in answer.json()["errors"]


def test_an_unknown_class_is_not_found(as_student):
    assert join(as_student, Class(pk=999_999)).status_code == 404


def test_another_familys_child_is_not_found(full_class, as_student):
    assert join(as_student, full_class, ChildFactory()).status_code == 404


def test_the_offer_is_accepted_declined_or_left_through_the_api(full_class, people, as_student):
    entry_id = join(as_student, full_class).json()["_id"]
    seat_give_back(enrolment_id=full_class.taken_by.pk, reason="Cancelled.")

    offered = as_student.get("/api/waitlist").json()[0]
    assert offered["status"] == "offered"
    assert offered["position"] is None
    assert offered["offerExpiresAt"]

    accepted = as_student.post(f"/api/waitlist/{entry_id}/accept")
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["entry"]["status"] == "accepted"
    selection_id = accepted.json()["selectionId"]
    assert accepted.json()["entry"]["selectionId"] == selection_id
    # The payment page opens on the held seat.
    page = as_student.post("/api/createPaymentIntent", {"payId": selection_id}, format="json")
    assert page.status_code == 200, page.json()
    assert page.json()["holdExpiresAt"] == offered["offerExpiresAt"]

    left = as_student.delete(f"/api/waitlist/{entry_id}")
    assert left.status_code == 200
    assert left.json()["status"] == "left"


def test_declining_and_what_cannot_be_done_twice(full_class, as_student):
    entry_id = join(as_student, full_class).json()["_id"]
    assert as_student.post(f"/api/waitlist/{entry_id}/decline").status_code == 409
    seat_give_back(enrolment_id=full_class.taken_by.pk, reason="Cancelled.")

    declined = as_student.post(f"/api/waitlist/{entry_id}/decline")

    assert declined.status_code == 200
    assert declined.json()["status"] == "declined"
    again = as_student.post(f"/api/waitlist/{entry_id}/accept")
    assert again.status_code == 409
    assert again.json()["message"] == "This offer has ended."


def test_someone_elses_entry_is_not_found(full_class, client_as):
    entry_id = join(client_as("student"), full_class).json()["_id"]
    other = client_as("other student")

    assert other.post(f"/api/waitlist/{entry_id}/accept").status_code == 404
    assert other.post(f"/api/waitlist/{entry_id}/decline").status_code == 404
    assert other.delete(f"/api/waitlist/{entry_id}").status_code == 404
    assert other.get("/api/waitlist").json() == []


def test_eligibility_says_who_may_join_the_waitlist(full_class, people, as_student):
    answer = as_student.get(f"/api/eligibility?classIds={full_class.pk}").json()

    [me] = answer["classes"][str(full_class.pk)]
    assert me["eligible"] is False
    assert me["waitlist"] is True
    assert me["reason"] == "This class has no seats left."
    assert me["onWaitlist"] is False


def test_eligibility_says_who_waits_already_and_offers_no_second_place(full_class, as_student):
    entry_id = join(as_student, full_class).json()["_id"]

    [waiting] = as_student.get(f"/api/eligibility?classIds={full_class.pk}").json()["classes"][
        str(full_class.pk)
    ]
    assert (waiting["onWaitlist"], waiting["waitlist"]) == (True, False)
    as_student.delete(f"/api/waitlist/{entry_id}")
    [left] = as_student.get(f"/api/eligibility?classIds={full_class.pk}").json()["classes"][
        str(full_class.pk)
    ]
    assert (left["onWaitlist"], left["waitlist"]) == (False, True)


def test_the_class_json_says_how_many_seats_are_free(full_class, api_client):
    seat_give_back(enrolment_id=full_class.taken_by.pk, reason="Cancelled.")
    body = api_client.get(f"/api/classes/{full_class.pk}").json()

    assert (body["seats"], body["seatsFree"]) == (1, 1)


class TestTheClassList:
    def test_its_instructor_and_admins_read_it_in_order(self, full_class, people, client_as):
        first = waitlist_join(
            student=people["student"], class_id=full_class.pk, participant_id=None
        )
        second = waitlist_join(
            student=people["other student"], class_id=full_class.pk, participant_id=None
        )
        waitlist_move_up(entry_id=second.pk, reason="Sibling enrolled.", by=people["admin"])

        for who in ("instructor", "admin"):
            answer = client_as(who).get(f"/api/classes/{full_class.pk}/waitlist")
            assert answer.status_code == 200
            listed = answer.json()
            assert [entry["_id"] for entry in listed] == [second.pk, first.pk]
            assert [entry["position"] for entry in listed] == [1, 2]
            assert listed[0]["moveReason"] == "Sibling enrolled."
            assert listed[0]["accountName"] == people["other student"].name

    @pytest.mark.parametrize("who, status", [("other instructor", 403), ("student", 403)])
    def test_nobody_else_reads_it(self, full_class, client_as, who, status):
        assert client_as(who).get(f"/api/classes/{full_class.pk}/waitlist").status_code == status


def test_leaving_twice_is_a_conflict(full_class, as_student):
    entry_id = join(as_student, full_class).json()["_id"]
    assert as_student.delete(f"/api/waitlist/{entry_id}").status_code == 200

    again = as_student.delete(f"/api/waitlist/{entry_id}")

    assert again.status_code == 409
    assert WaitlistEntry.objects.get(pk=entry_id).status == WaitlistStatus.LEFT
