"""Students' selected classes: /api/selectClass."""

from decimal import Decimal

import pytest

from accounts.models import Role
from classes.models import ClassStatus
from enrolments.models import Selection
from payments.models import PaymentStatus
from testing.factories import ClassFactory, PaymentFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db

APPROVED, PENDING, DENIED = ClassStatus.APPROVED, ClassStatus.PENDING, ClassStatus.DENIED
NOT_SIGNED_IN = {"message": "Authentication credentials were not provided."}
NO_SUCH_SELECTION = {"message": "No such selection."}


def as_json(selection) -> dict:
    """A selection as the spec names its fields, for comparing whole answers."""
    camp_class = selection.camp_class
    return {
        "_id": selection.id,
        "classId": camp_class.id,
        "nameClass": camp_class.name,
        "image": camp_class.image,
        "instructorEmail": camp_class.instructor.email,
        "instructorName": camp_class.instructor.name,
        "email": selection.student.email,
        "participantId": selection.participant_id,
        "participantName": selection.participant.name,
        "price": float(camp_class.price),
        "seats": camp_class.seats,
        "enroll": camp_class.enroll,
        "status": "Selected",
        # These classes' schedules are to be announced (meetings: test_rules, test_filters).
        "meetings": [],
    }


@pytest.fixture
def pottery(people):
    return ClassFactory(
        name="Wheel-Thrown Pottery",
        image="/static/img/demo/pottery.webp",
        price=Decimal("45.50"),
        seats=12,
        enroll=3,
        status=APPROVED,
        instructor=people["instructor"],
    )


class TestSelectionList:
    def test_a_student_gets_their_selections_in_the_spec_shape(self, client_as, people, pottery):
        student = people["student"]
        first = SelectionFactory(student=student, camp_class=pottery)
        SelectionFactory(student=people["other student"], camp_class=pottery)
        second = SelectionFactory(student=student)

        response = client_as("student").get(f"/api/selectClass?email={student.email}")

        assert response.status_code == 200
        assert response.json() == [
            {
                "_id": first.id,
                "classId": pottery.id,
                "nameClass": "Wheel-Thrown Pottery",
                "image": "/static/img/demo/pottery.webp",
                "instructorEmail": "maya@camp.test",
                "instructorName": "Maya Lindqvist",
                "email": student.email,
                "participantId": first.participant_id,
                "participantName": student.name,
                "price": 45.5,
                "seats": 12,
                "enroll": 3,
                "status": "Selected",
                "meetings": [],
            },
            as_json(second),
        ]

    def test_the_class_fields_are_read_as_they_are_now(self, client_as, people, pottery):
        selection = SelectionFactory(student=people["student"], camp_class=pottery)
        pottery.price, pottery.seats, pottery.enroll = Decimal("50.00"), 11, 4
        pottery.save()

        response = client_as("student").get(f"/api/selectClass?email={people['student'].email}")

        assert response.status_code == 200
        assert response.json() == [as_json(selection)]
        assert (response.json()[0]["price"], response.json()[0]["seats"]) == (50.0, 11)

    def test_the_e_mail_is_matched_whatever_its_case(self, client_as, people):
        selection = SelectionFactory(student=people["student"])

        response = client_as("student").get(
            f"/api/selectClass?email={people['student'].email.upper()}"
        )

        assert response.status_code == 200
        assert response.json() == [as_json(selection)]

    @pytest.mark.parametrize("who", ["other student", "instructor", "admin"])
    def test_someone_without_selections_gets_an_empty_list(self, client_as, people, who):
        SelectionFactory(student=people["student"])

        response = client_as(who).get(f"/api/selectClass?email={people[who].email}")

        assert response.status_code == 200
        assert response.json() == []

    @pytest.mark.parametrize("who", ["other student", "instructor", "admin"])
    def test_nobody_reads_someone_elses_selections(self, client_as, people, who):
        SelectionFactory(student=people["student"])

        response = client_as(who).get(f"/api/selectClass?email={people['student'].email}")

        assert response.status_code == 403
        assert response.json() == {"message": "You can only see your own selected classes."}

    @pytest.mark.parametrize(
        "query, complaint",
        [
            ("", "This field is required."),
            ("?email=", "This field may not be blank."),
            ("?email=not-an-email", "Enter a valid email address."),
        ],
    )
    def test_the_e_mail_is_required(self, client_as, query, complaint):
        response = client_as("student").get(f"/api/selectClass{query}")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: email.",
            "errors": {"email": [complaint]},
        }

    def test_anonymous_is_asked_to_sign_in(self, client_as, people):
        response = client_as("anonymous").get(f"/api/selectClass?email={people['student'].email}")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN

    @pytest.mark.parametrize("rows", [2, 30])
    def test_two_queries_however_many_selections(
        self, client_as, people, django_assert_num_queries, rows
    ):
        client = client_as("student")
        for _ in range(rows):
            SelectionFactory(student=people["student"])

        # One to load the token's user, one for the selections with class and instructor.
        with django_assert_num_queries(2) as queries:
            response = client.get(f"/api/selectClass?email={people['student'].email}")

        assert len(response.json()) == rows
        # The caller is every selection's student: their row is not read a second time.
        assert queries[1]["sql"].count('"password"') == 1  # the instructor's, not the student's


class TestSelectionCreate:
    def test_a_student_selects_an_approved_class(self, client_as, people, pottery):
        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 201
        selection = Selection.objects.get()
        assert response.json() == {"insertedId": selection.id}
        assert (selection.student, selection.camp_class, selection.status) == (
            people["student"],
            pottery,
            "Selected",
        )

    def test_everything_but_the_class_id_is_taken_from_the_server(self, client_as, people, pottery):
        claims = {
            "classId": str(pottery.id),
            "nameClass": "Free pottery",
            "image": "https://evil.test/x.png",
            "instructorEmail": "someone@camp.test",
            "instructorName": "Someone",
            "email": people["other student"].email,
            "price": 0,
            "seats": 99,
            "enroll": 0,
            "status": "Paid",
        }

        response = client_as("student").post("/api/selectClass", claims, format="json")

        assert response.status_code == 201
        selection = Selection.objects.get()
        assert response.json() == {"insertedId": selection.id}
        listed = client_as("student").get(f"/api/selectClass?email={people['student'].email}")
        assert listed.json() == [as_json(selection)]
        assert listed.json()[0]["email"] == people["student"].email
        assert listed.json()[0]["price"] == 45.5

    def test_a_class_can_be_selected_again_after_a_refund(self, client_as, people, pottery):
        PaymentFactory(student=people["student"], camp_class=pottery, status=PaymentStatus.REFUNDED)

        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 201
        assert response.json() == {"insertedId": Selection.objects.get().id}

    @pytest.mark.parametrize(
        "body, complaint",
        [
            ({}, "This field is required."),
            ({"classId": None}, "This field may not be null."),
            ({"classId": "pottery"}, "A valid integer is required."),
            ({"classId": 1.5}, "A valid integer is required."),
            ({"classId": 0}, "Ensure this value is greater than or equal to 1."),
        ],
    )
    def test_a_missing_or_bad_class_id_is_named(self, client_as, body, complaint):
        response = client_as("student").post("/api/selectClass", body, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: classId.",
            "errors": {"classId": [complaint]},
        }
        assert not Selection.objects.exists()

    def test_an_unknown_class_is_a_404(self, client_as):
        response = client_as("student").post("/api/selectClass", {"classId": 999999}, format="json")

        assert response.status_code == 404
        assert response.json() == {"message": "No such class."}

    @pytest.mark.parametrize("status", [PENDING, DENIED])
    def test_a_class_not_approved_is_not_open(self, client_as, status):
        camp_class = ClassFactory(status=status)

        response = client_as("student").post(
            "/api/selectClass", {"classId": camp_class.id}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class is not open for selection."}
        assert not Selection.objects.exists()

    def test_a_full_class_cannot_be_selected(self, client_as):
        camp_class = ClassFactory(status=APPROVED, seats=0, enroll=20)

        response = client_as("student").post(
            "/api/selectClass", {"classId": camp_class.id}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class has no seats left."}
        assert not Selection.objects.exists()

    def test_a_class_is_selected_once(self, client_as, people, pottery):
        SelectionFactory(student=people["student"], camp_class=pottery)

        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "You have already selected this class."}
        assert Selection.objects.count() == 1

    def test_another_students_selection_does_not_count(self, client_as, people, pottery):
        SelectionFactory(student=people["other student"], camp_class=pottery)

        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 201
        assert Selection.objects.filter(student=people["student"]).count() == 1

    def test_an_enrolled_student_cannot_select_the_class_again(self, client_as, people, pottery):
        PaymentFactory(student=people["student"], camp_class=pottery, status=PaymentStatus.ENROLLED)

        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "You are already enrolled in this class."}
        assert not Selection.objects.exists()

    def test_being_enrolled_is_said_before_the_class_being_full(self, client_as, people):
        camp_class = ClassFactory(status=APPROVED, seats=0)
        PaymentFactory(
            student=people["student"], camp_class=camp_class, status=PaymentStatus.ENROLLED
        )

        response = client_as("student").post(
            "/api/selectClass", {"classId": camp_class.id}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "You are already enrolled in this class."}

    @pytest.mark.parametrize("who", ["instructor", "other instructor", "admin"])
    def test_admins_and_instructors_cannot_select(self, client_as, who, pottery):
        response = client_as(who).post("/api/selectClass", {"classId": pottery.id}, format="json")

        assert response.status_code == 403
        assert response.json() == {"message": "Only students may do this."}
        assert not Selection.objects.exists()

    def test_anonymous_is_asked_to_sign_in(self, client_as, pottery):
        response = client_as("anonymous").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN


class TestSelectionDelete:
    def test_a_student_drops_their_selection(self, client_as, people, pottery):
        selection = SelectionFactory(student=people["student"], camp_class=pottery)
        kept = SelectionFactory(student=people["other student"], camp_class=pottery)

        response = client_as("student").delete(f"/api/selectClass/{selection.id}")

        assert response.status_code == 200
        assert response.json() == {"deletedCount": 1}
        assert list(Selection.objects.all()) == [kept]

    def test_a_dropped_class_can_be_selected_again(self, client_as, people, pottery):
        selection = SelectionFactory(student=people["student"], camp_class=pottery)
        client_as("student").delete(f"/api/selectClass/{selection.id}")

        response = client_as("student").post(
            "/api/selectClass", {"classId": pottery.id}, format="json"
        )

        assert response.status_code == 201

    def test_an_unknown_selection_is_a_404(self, client_as):
        response = client_as("student").delete("/api/selectClass/999999")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_SELECTION

    @pytest.mark.parametrize("who", ["other student", "instructor", "other instructor", "admin"])
    def test_someone_elses_selection_is_as_good_as_absent(self, client_as, people, who):
        selection = SelectionFactory(student=people["student"])

        response = client_as(who).delete(f"/api/selectClass/{selection.id}")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_SELECTION
        assert Selection.objects.filter(pk=selection.id).exists()

    def test_anonymous_is_asked_to_sign_in(self, client_as, people):
        selection = SelectionFactory(student=people["student"])

        response = client_as("anonymous").delete(f"/api/selectClass/{selection.id}")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN
        assert Selection.objects.filter(pk=selection.id).exists()


def test_a_selection_path_that_is_not_an_id_is_an_unknown_endpoint(client_as):
    response = client_as("student").delete("/api/selectClass/abc")

    assert response.status_code == 404
    assert response.json() == {"message": "No such API endpoint."}


def test_the_student_role_is_read_from_the_database(api_client_for, pottery):
    # A token issued while the person was a student does not outlive their promotion.
    person = UserFactory(role=Role.STUDENT)
    client = api_client_for(person)
    person.role = Role.INSTRUCTOR
    person.save()

    response = client.post("/api/selectClass", {"classId": pottery.id}, format="json")

    assert response.status_code == 403
    assert response.json() == {"message": "Only students may do this."}
