from decimal import Decimal

import pytest

from accounts.models import Role
from classes.models import Class, ClassStatus
from testing.factories import ClassFactory, UserFactory, class_answer, spec_shape

pytestmark = pytest.mark.django_db

APPROVED, PENDING, DENIED = ClassStatus.APPROVED, ClassStatus.PENDING, ClassStatus.DENIED


class TestClassList:
    def test_a_visitor_gets_approved_classes_in_the_spec_shape(self, api_client):
        instructor = UserFactory(
            role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test"
        )
        pottery = ClassFactory(
            name="Wheel-Thrown Pottery",
            image="/static/img/demo/pottery.webp",
            price=Decimal("45.50"),
            seats=12,
            enroll=3,
            status=APPROVED,
            instructor=instructor,
        )
        ClassFactory(status=PENDING, instructor=instructor)
        painting = ClassFactory(
            name="Acrylic Painting",
            image="https://images.camp.test/painting.jpg",
            price=Decimal("19.99"),
            seats=0,
            enroll=20,
            status=APPROVED,
            instructor=instructor,
        )
        ClassFactory(status=DENIED, instructor=instructor)

        response = api_client.get("/api/classes")

        assert response.status_code == 200
        assert spec_shape(response.json()) == [
            {
                "_id": pottery.id,
                "nameClass": "Wheel-Thrown Pottery",
                "image": "/static/img/demo/pottery.webp",
                "price": 45.5,
                "seats": 12,
                "instructorName": "Maya Lindqvist",
                "instructorEmail": "maya@camp.test",
                "status": "Approved",
                "enroll": 3,
            },
            {
                "_id": painting.id,
                "nameClass": "Acrylic Painting",
                "image": "https://images.camp.test/painting.jpg",
                "price": 19.99,
                "seats": 0,
                "instructorName": "Maya Lindqvist",
                "instructorEmail": "maya@camp.test",
                "status": "Approved",
                "enroll": 20,
            },
        ]

    def test_prices_are_json_numbers_with_their_cents(self, api_client):
        ClassFactory(status=APPROVED, price=Decimal("19.99"))
        ClassFactory(status=APPROVED, price=Decimal("45.50"))
        ClassFactory(status=APPROVED, price=Decimal("120.00"))

        body = api_client.get("/api/classes").content.decode()

        assert '"price":19.99,' in body
        assert '"price":45.5,' in body
        assert '"price":120.0,' in body

    def test_an_admin_gets_every_class_whatever_its_status(self, api_client_for):
        admin = UserFactory(role=Role.ADMIN)
        classes = [ClassFactory(status=status) for status in (PENDING, APPROVED, DENIED)]

        response = api_client_for(admin).get("/api/classes")

        assert response.status_code == 200
        assert response.json() == [class_answer(camp_class) for camp_class in classes]

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR])
    def test_other_signed_in_people_get_approved_classes_only(self, api_client_for, role):
        ClassFactory(status=PENDING)
        approved = ClassFactory(status=APPROVED)
        ClassFactory(status=DENIED)

        response = api_client_for(UserFactory(role=role)).get("/api/classes")

        assert response.status_code == 200
        assert response.json() == [class_answer(approved)]

    def test_no_classes_is_an_empty_list(self, api_client):
        ClassFactory(status=PENDING)

        response = api_client.get("/api/classes")

        assert response.status_code == 200
        assert response.json() == []

    def test_a_trailing_slash_is_not_redirected(self, api_client):
        response = api_client.get("/api/classes/")

        assert response.status_code == 404
        assert response.json() == {"message": "No such API endpoint."}

    @pytest.mark.parametrize("rows", [2, 30])
    def test_a_visitor_costs_two_queries_however_many_classes(
        self, api_client, django_assert_num_queries, rows
    ):
        ClassFactory.create_batch(rows, status=APPROVED)

        # The classes; the payment plans (read once, plans.selectors.class_plans); the seats
        # held, which the cached answer writes in at each serving.
        with django_assert_num_queries(3):
            response = api_client.get("/api/classes")

        assert len(response.json()) == rows

    @pytest.mark.parametrize("rows", [2, 30])
    def test_an_admin_costs_two_queries_however_many_classes(
        self, api_client_for, django_assert_num_queries, rows
    ):
        client = api_client_for(UserFactory(role=Role.ADMIN))
        ClassFactory.create_batch(rows, status=PENDING)

        # One to load the token's user, one for the classes with their instructors, one for the
        # payment plans.
        with django_assert_num_queries(3):
            response = client.get("/api/classes")

        assert len(response.json()) == rows


class TestPopularClassList:
    def test_the_six_approved_classes_with_most_enrolments_come_first(self, api_client):
        by_enroll = {
            enroll: ClassFactory(status=APPROVED, enroll=enroll) for enroll in (5, 40, 0, 12, 7)
        }
        tie_first = ClassFactory(status=APPROVED, enroll=9)
        tie_second = ClassFactory(status=APPROVED, enroll=9)
        ClassFactory(status=PENDING, enroll=100)
        ClassFactory(status=DENIED, enroll=99)

        response = api_client.get("/api/popularClasses")

        assert response.status_code == 200
        expected = [
            by_enroll[40],
            by_enroll[12],
            tie_first,
            tie_second,
            by_enroll[7],
            by_enroll[5],
        ]
        assert response.json() == [class_answer(camp_class) for camp_class in expected]

    def test_fewer_than_six_approved_classes_are_all_listed(self, api_client):
        low = ClassFactory(status=APPROVED, enroll=1)
        high = ClassFactory(status=APPROVED, enroll=2)
        ClassFactory(status=PENDING, enroll=3)

        response = api_client.get("/api/popularClasses")

        assert response.status_code == 200
        assert response.json() == [class_answer(high), class_answer(low)]

    def test_an_admin_also_gets_approved_classes_only(self, api_client_for):
        approved = ClassFactory(status=APPROVED, enroll=1)
        ClassFactory(status=PENDING, enroll=30)

        response = api_client_for(UserFactory(role=Role.ADMIN)).get("/api/popularClasses")

        assert response.status_code == 200
        assert response.json() == [class_answer(approved)]

    @pytest.mark.parametrize("rows", [2, 30])
    def test_two_queries_however_many_classes(self, api_client, django_assert_num_queries, rows):
        ClassFactory.create_batch(rows, status=APPROVED)

        # The classes; the payment plans; the seats held, which the cached answer writes in at
        # each serving.
        with django_assert_num_queries(3):
            response = api_client.get("/api/popularClasses")

        assert len(response.json()) == min(rows, 6)


NOT_SIGNED_IN = {"message": "Authentication credentials were not provided."}
ONLY_INSTRUCTORS = {"message": "Only instructors may do this."}
ONLY_ADMINS = {"message": "Only admins may do this."}
ONLY_INSTRUCTORS_AND_ADMINS = {"message": "Only instructors and admins may do this."}
NO_SUCH_CLASS = {"message": "No such class."}


def with_feedback(camp_class) -> dict:
    return {**class_answer(camp_class), "feedback": camp_class.feedback}


NEW_CLASS = {
    "nameClass": "Botanical Watercolour",
    "seats": 12,
    "price": 45.5,
    "image": "https://images.camp.test/watercolour.jpg",
}


class TestClassCreate:
    def test_an_instructor_proposes_a_class_that_waits_for_review(self, client_as, people):
        response = client_as("instructor").post("/api/classes", NEW_CLASS, format="json")

        assert response.status_code == 201
        camp_class = people["instructor"].classes_taught.get()
        assert response.json() == {"insertedId": camp_class.id}
        # The spec's client sends none of the catalog's fields: the class is to be announced.
        assert class_answer(camp_class) == {
            "_id": camp_class.id,
            "nameClass": "Botanical Watercolour",
            "image": "https://images.camp.test/watercolour.jpg",
            "price": 45.5,
            "seats": 12,
            "seatsFree": 12,
            "instructorName": "Maya Lindqvist",
            "instructorEmail": "maya@camp.test",
            "status": "Pending",
            "enroll": 0,
            "instructorId": people["instructor"].pk,
            "description": "",
            "category": None,
            "categoryName": None,
            "level": None,
            "location": "",
            "whatToBring": "",
            "ageMin": None,
            "ageMax": None,
            "startDate": None,
            "endDate": None,
            "meetingDays": [],
            "startTime": None,
            "endTime": None,
            "noMeetingDates": [],
            "meetings": [],
            "totalHours": 0,
            "startsAt": None,
            "registrationClosesAt": None,
            "registrationOpen": True,
            "seasonId": None,
            "plans": [],
            "booking": "whole",
            "units": [],
            "unitOf": None,
            "unitLabel": "",
        }
        assert camp_class.price == Decimal("45.50")

    def test_instructor_status_and_enrolment_in_the_body_are_ignored(self, client_as, people):
        body = {
            **NEW_CLASS,
            "instructorName": "Somebody Else",
            "instructorEmail": people["other instructor"].email,
            "status": "Approved",
            "enroll": 9,
        }

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 201
        camp_class = people["instructor"].classes_taught.get()
        assert response.json() == {"insertedId": camp_class.id}
        assert (camp_class.instructor, camp_class.status, camp_class.enroll) == (
            people["instructor"],
            PENDING,
            0,
        )

    def test_strings_that_are_numbers_are_accepted_and_the_name_is_trimmed(self, client_as, people):
        body = {**NEW_CLASS, "nameClass": "  Clay Sculpture  ", "seats": "8", "price": "19.99"}

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 201
        camp_class = people["instructor"].classes_taught.get()
        assert (camp_class.name, camp_class.seats, camp_class.price) == (
            "Clay Sculpture",
            8,
            Decimal("19.99"),
        )

    def test_a_free_class_with_no_seats_and_a_site_image_is_accepted(self, client_as, people):
        body = {**NEW_CLASS, "seats": 0, "price": 0, "image": "/media/classes/banner.png"}

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 201
        camp_class = people["instructor"].classes_taught.get()
        assert (camp_class.seats, camp_class.price, camp_class.image) == (
            0,
            Decimal("0.00"),
            "/media/classes/banner.png",
        )

    def test_a_name_of_forty_characters_is_accepted(self, client_as, people):
        body = {**NEW_CLASS, "nameClass": "x" * 40}

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 201
        assert people["instructor"].classes_taught.get().name == "x" * 40

    def test_an_empty_body_names_every_missing_field(self, client_as):
        response = client_as("instructor").post("/api/classes", {}, format="json")

        assert response.status_code == 400
        required = ["This field is required."]
        assert response.json() == {
            "message": "Please check these fields: nameClass, seats, price, image.",
            "errors": {
                "nameClass": required,
                "seats": required,
                "price": required,
                "image": required,
            },
        }

    @pytest.mark.parametrize(
        "field, value, complaint",
        [
            ("nameClass", "", "This field may not be blank."),
            ("nameClass", "   ", "This field may not be blank."),
            ("nameClass", "x" * 41, "Ensure this field has no more than 40 characters."),
            ("seats", 2.5, "A valid integer is required."),
            ("seats", "abc", "A valid integer is required."),
            ("seats", -1, "Ensure this value is greater than or equal to 0."),
            ("seats", None, "This field may not be null."),
            ("price", 1.234, "Ensure that there are no more than 2 decimal places."),
            ("price", "1.234", "Ensure that there are no more than 2 decimal places."),
            ("price", -1, "Ensure this value is greater than or equal to 0."),
            ("price", "NaN", "A valid number is required."),
            ("price", "Infinity", "A valid number is required."),
            ("price", "abc", "A valid number is required."),
            (
                "price",
                1000000,
                "Ensure that there are no more than 6 digits before the decimal point.",
            ),
            ("image", "", "This field may not be blank."),
            ("image", "banner.png", "Enter a valid URL."),
            ("image", "javascript:alert(1)", "Enter a valid URL."),
            ("image", "//elsewhere.test/banner.png", "Enter a valid URL."),
            # Browsers read a backslash as a slash: each of these loads from another host.
            ("image", "/\\elsewhere.test/banner.png", "Enter a valid image URL."),
            ("image", "\\\\elsewhere.test/banner.png", "Enter a valid image URL."),
            ("image", "/\t/elsewhere.test/banner.png", "Enter a valid image URL."),
            (
                "image",
                "https://images.camp.test\\@elsewhere.test/x.png",
                "Enter a valid image URL.",
            ),
        ],
    )
    def test_a_bad_field_is_named(self, client_as, people, field, value, complaint):
        response = client_as("instructor").post(
            "/api/classes", {**NEW_CLASS, field: value}, format="json"
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": f"Please check these fields: {field}.",
            "errors": {field: [complaint]},
        }
        assert not people["instructor"].classes_taught.exists()

    def test_a_json_nan_is_not_a_price(self, client_as):
        response = client_as("instructor").post(
            "/api/classes",
            '{"nameClass": "Clay", "seats": 1, "price": NaN, "image": "/x.png"}',
            content_type="application/json",
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": "JSON parse error - Out of range float values are not JSON compliant: 'NaN'"
        }

    def test_anonymous_is_asked_to_sign_in(self, client_as):
        response = client_as("anonymous").post("/api/classes", NEW_CLASS, format="json")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN

    @pytest.mark.parametrize("who", ["student", "admin"])
    def test_only_instructors_propose_classes(self, client_as, who):
        response = client_as(who).post("/api/classes", NEW_CLASS, format="json")

        assert response.status_code == 403
        assert response.json() == ONLY_INSTRUCTORS
        assert not Class.objects.exists()


UPDATE = {
    "nameClass": "Botanical Watercolour II",
    "seats": 20,
    "price": "60.00",
    "image": "https://images.camp.test/watercolour-2.jpg",
}


class TestClassUpdate:
    @pytest.mark.parametrize("status", [PENDING, APPROVED])
    def test_the_instructor_edits_their_class_and_its_review_stands(
        self, client_as, people, status
    ):
        camp_class = ClassFactory(
            instructor=people["instructor"], status=status, enroll=4, feedback="Nice."
        )

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.id}", UPDATE, format="json"
        )

        assert response.status_code == 200
        assert response.json() == {"modifiedCount": 1}
        camp_class.refresh_from_db()
        # The spec's four fields changed; the catalog's are another test's.
        assert spec_shape(with_feedback(camp_class)) == {
            "_id": camp_class.id,
            "nameClass": "Botanical Watercolour II",
            "image": "https://images.camp.test/watercolour-2.jpg",
            "price": 60.0,
            "seats": 20,
            "instructorName": "Maya Lindqvist",
            "instructorEmail": "maya@camp.test",
            "status": status,
            "enroll": 4,
            "feedback": "Nice.",
        }

    def test_a_denied_class_goes_back_for_review_keeping_its_feedback(self, client_as, people):
        camp_class = ClassFactory(
            instructor=people["instructor"], status=DENIED, feedback="Add a photo of the kiln."
        )

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.id}", UPDATE, format="json"
        )

        assert response.status_code == 200
        assert response.json() == {"modifiedCount": 1}
        camp_class.refresh_from_db()
        assert (camp_class.status, camp_class.feedback, camp_class.name) == (
            PENDING,
            "Add a photo of the kiln.",
            "Botanical Watercolour II",
        )

    def test_unchanged_values_still_count_as_saved(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])
        same = {
            "nameClass": camp_class.name,
            "seats": camp_class.seats,
            "price": str(camp_class.price),
            "image": camp_class.image,
        }

        response = client_as("instructor").put(f"/api/classes/{camp_class.id}", same, format="json")

        assert response.status_code == 200
        assert response.json() == {"modifiedCount": 1}

    def test_status_and_enrolment_in_the_body_are_ignored(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"], status=PENDING, enroll=2)
        body = {**UPDATE, "status": "Approved", "enroll": 0, "instructorEmail": "x@camp.test"}

        response = client_as("instructor").put(f"/api/classes/{camp_class.id}", body, format="json")

        assert response.status_code == 200
        camp_class.refresh_from_db()
        assert (camp_class.status, camp_class.enroll, camp_class.instructor) == (
            PENDING,
            2,
            people["instructor"],
        )

    def test_every_field_is_required(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.id}", {"seats": "many"}, format="json"
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: nameClass, seats, price, image.",
            "errors": {
                "nameClass": ["This field is required."],
                "seats": ["A valid integer is required."],
                "price": ["This field is required."],
                "image": ["This field is required."],
            },
        }

    def test_an_unknown_class_is_a_404(self, client_as):
        response = client_as("instructor").put("/api/classes/999999", UPDATE, format="json")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_CLASS

    def test_another_instructor_cannot_edit_it(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("other instructor").put(
            f"/api/classes/{camp_class.id}", UPDATE, format="json"
        )

        assert response.status_code == 403
        assert response.json() == {"message": "You can only update your own classes."}
        camp_class.refresh_from_db()
        assert camp_class.name != UPDATE["nameClass"]

    @pytest.mark.parametrize("who", ["student", "other student"])
    def test_nobody_but_instructors_and_admins_edits_classes(self, client_as, people, who):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as(who).put(f"/api/classes/{camp_class.id}", UPDATE, format="json")

        assert response.status_code == 403
        assert response.json() == ONLY_INSTRUCTORS_AND_ADMINS

    def test_an_admin_edits_any_class_which_stays_its_instructors(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("admin").put(f"/api/classes/{camp_class.id}", UPDATE, format="json")

        assert response.status_code == 200
        camp_class.refresh_from_db()
        assert camp_class.name == UPDATE["nameClass"]
        assert camp_class.instructor == people["instructor"]

    def test_anonymous_is_asked_to_sign_in(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("anonymous").put(
            f"/api/classes/{camp_class.id}", UPDATE, format="json"
        )

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN


@pytest.mark.parametrize(
    "action, outcome", [("approved", APPROVED), ("denied", DENIED)], ids=["approve", "deny"]
)
class TestClassReview:
    def test_an_admin_decides_on_a_pending_class(self, client_as, action, outcome):
        camp_class = ClassFactory(status=PENDING)

        response = client_as("admin").patch(f"/api/classes/{action}/{camp_class.id}")

        assert response.status_code == 200
        assert response.json() == {"modifiedCount": 1}
        camp_class.refresh_from_db()
        assert camp_class.status == outcome

    @pytest.mark.parametrize("current", [APPROVED, DENIED])
    def test_only_a_pending_class_can_be_decided(self, client_as, action, outcome, current):
        camp_class = ClassFactory(status=current)

        response = client_as("admin").patch(f"/api/classes/{action}/{camp_class.id}")

        assert response.status_code == 409
        assert response.json() == {"message": f"Only a pending class can be {action}."}
        camp_class.refresh_from_db()
        assert camp_class.status == current

    def test_an_unknown_class_is_a_404(self, client_as, action, outcome):
        response = client_as("admin").patch(f"/api/classes/{action}/999999")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_CLASS

    @pytest.mark.parametrize("who", ["student", "instructor", "other instructor"])
    def test_only_admins_decide(self, client_as, people, action, outcome, who):
        camp_class = ClassFactory(status=PENDING, instructor=people["instructor"])

        response = client_as(who).patch(f"/api/classes/{action}/{camp_class.id}")

        assert response.status_code == 403
        assert response.json() == ONLY_ADMINS
        camp_class.refresh_from_db()
        assert camp_class.status == PENDING

    def test_anonymous_is_asked_to_sign_in(self, client_as, action, outcome):
        camp_class = ClassFactory(status=PENDING)

        response = client_as("anonymous").patch(f"/api/classes/{action}/{camp_class.id}")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN


class TestClassFeedback:
    @pytest.mark.parametrize("status", [PENDING, APPROVED, DENIED])
    def test_an_admin_sends_feedback_and_the_latest_is_kept(self, client_as, status):
        camp_class = ClassFactory(status=status, feedback="Earlier note.")

        response = client_as("admin").patch(
            f"/api/classes/feedback/{camp_class.id}",
            {"feedback": "  Please show the materials list.  "},
            format="json",
        )

        assert response.status_code == 200
        assert response.json() == {"modifiedCount": 1}
        camp_class.refresh_from_db()
        assert (camp_class.feedback, camp_class.status) == (
            "Please show the materials list.",
            status,
        )

    def test_a_thousand_characters_are_accepted(self, client_as):
        camp_class = ClassFactory()

        response = client_as("admin").patch(
            f"/api/classes/feedback/{camp_class.id}", {"feedback": "x" * 1000}, format="json"
        )

        assert response.status_code == 200
        camp_class.refresh_from_db()
        assert camp_class.feedback == "x" * 1000

    @pytest.mark.parametrize(
        "body, complaint",
        [
            ({}, "This field is required."),
            ({"feedback": ""}, "This field may not be blank."),
            ({"feedback": "   "}, "This field may not be blank."),
            ({"feedback": None}, "This field may not be null."),
            ({"feedback": "x" * 1001}, "Ensure this field has no more than 1000 characters."),
        ],
    )
    def test_feedback_must_say_something_in_at_most_1000_characters(
        self, client_as, body, complaint
    ):
        camp_class = ClassFactory(feedback="Earlier note.")

        response = client_as("admin").patch(
            f"/api/classes/feedback/{camp_class.id}", body, format="json"
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: feedback.",
            "errors": {"feedback": [complaint]},
        }
        camp_class.refresh_from_db()
        assert camp_class.feedback == "Earlier note."

    def test_an_unknown_class_is_a_404(self, client_as):
        response = client_as("admin").patch(
            "/api/classes/feedback/999999", {"feedback": "Hello"}, format="json"
        )

        assert response.status_code == 404
        assert response.json() == NO_SUCH_CLASS

    @pytest.mark.parametrize("who", ["student", "instructor", "other instructor"])
    def test_only_admins_send_feedback(self, client_as, people, who):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as(who).patch(
            f"/api/classes/feedback/{camp_class.id}", {"feedback": "Great!"}, format="json"
        )

        assert response.status_code == 403
        assert response.json() == ONLY_ADMINS
        camp_class.refresh_from_db()
        assert camp_class.feedback == ""

    def test_anonymous_is_asked_to_sign_in(self, client_as):
        camp_class = ClassFactory()

        response = client_as("anonymous").patch(
            f"/api/classes/feedback/{camp_class.id}", {"feedback": "Great!"}, format="json"
        )

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN


class TestInstructorClassList:
    def test_an_instructor_gets_all_their_classes_with_feedback(self, client_as, people):
        mine = [
            ClassFactory(instructor=people["instructor"], status=PENDING),
            ClassFactory(instructor=people["instructor"], status=DENIED, feedback="Too short."),
            ClassFactory(instructor=people["instructor"], status=APPROVED, enroll=5),
        ]
        ClassFactory(instructor=people["other instructor"], status=APPROVED)

        response = client_as("instructor").get("/api/myClasses/maya@camp.test")

        assert response.status_code == 200
        assert response.json() == [with_feedback(camp_class) for camp_class in mine]
        assert response.json()[1]["feedback"] == "Too short."

    def test_the_e_mail_is_matched_whatever_its_case(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("instructor").get("/api/myClasses/Maya@Camp.TEST")

        assert response.status_code == 200
        assert response.json() == [with_feedback(camp_class)]

    def test_an_instructor_without_classes_gets_an_empty_list(self, client_as, people):
        ClassFactory(instructor=people["instructor"])

        response = client_as("other instructor").get(
            f"/api/myClasses/{people['other instructor'].email}"
        )

        assert response.status_code == 200
        assert response.json() == []

    def test_an_admin_gets_any_instructors_classes(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"], feedback="Fine.")

        response = client_as("admin").get("/api/myClasses/maya@camp.test")

        assert response.status_code == 200
        assert response.json() == [with_feedback(camp_class)]

    def test_an_admin_asking_about_nobody_gets_an_empty_list(self, client_as):
        response = client_as("admin").get("/api/myClasses/nobody@camp.test")

        assert response.status_code == 200
        assert response.json() == []

    def test_another_instructor_may_not_look(self, client_as, people):
        ClassFactory(instructor=people["instructor"])

        response = client_as("other instructor").get("/api/myClasses/maya@camp.test")

        assert response.status_code == 403
        assert response.json() == {"message": "You can only see your own classes."}

    @pytest.mark.parametrize("who", ["student", "other student"])
    def test_students_may_not_look(self, client_as, people, who):
        response = client_as(who).get(f"/api/myClasses/{people[who].email}")

        assert response.status_code == 403
        assert response.json() == ONLY_INSTRUCTORS_AND_ADMINS

    def test_anonymous_is_asked_to_sign_in(self, client_as):
        response = client_as("anonymous").get("/api/myClasses/maya@camp.test")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN

    @pytest.mark.parametrize("rows", [2, 30])
    def test_two_queries_however_many_classes(
        self, client_as, people, django_assert_num_queries, rows
    ):
        client = client_as("instructor")
        ClassFactory.create_batch(rows, instructor=people["instructor"])

        # One to load the token's user, one for the classes with their instructor, one for the
        # payment plans.
        with django_assert_num_queries(3):
            response = client.get("/api/myClasses/maya@camp.test")

        assert len(response.json()) == rows


class TestInstructorClassDetail:
    @pytest.mark.parametrize("status", [PENDING, APPROVED, DENIED])
    def test_an_instructor_gets_their_class_with_feedback(self, client_as, people, status):
        camp_class = ClassFactory(
            instructor=people["instructor"], status=status, feedback="Check the price."
        )

        response = client_as("instructor").get(f"/api/myClass/{camp_class.id}")

        assert response.status_code == 200
        assert response.json() == with_feedback(camp_class)
        assert response.json()["feedback"] == "Check the price."

    def test_an_admin_gets_any_class(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("admin").get(f"/api/myClass/{camp_class.id}")

        assert response.status_code == 200
        assert response.json() == with_feedback(camp_class)

    @pytest.mark.parametrize("who", ["instructor", "admin"])
    def test_an_unknown_class_is_a_404(self, client_as, who):
        response = client_as(who).get("/api/myClass/999999")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_CLASS

    def test_another_instructor_may_not_look(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])

        response = client_as("other instructor").get(f"/api/myClass/{camp_class.id}")

        assert response.status_code == 403
        assert response.json() == {"message": "You can only see your own classes."}

    @pytest.mark.parametrize("who", ["student", "other student"])
    def test_students_may_not_look(self, client_as, people, who):
        camp_class = ClassFactory(instructor=people["instructor"], status=APPROVED)

        response = client_as(who).get(f"/api/myClass/{camp_class.id}")

        assert response.status_code == 403
        assert response.json() == ONLY_INSTRUCTORS_AND_ADMINS

    def test_anonymous_is_asked_to_sign_in(self, client_as):
        camp_class = ClassFactory(status=APPROVED)

        response = client_as("anonymous").get(f"/api/myClass/{camp_class.id}")

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN


# Larger than PostgreSQL's bigint and SQLite's integer.
TOO_BIG = 10**25


@pytest.mark.parametrize(
    "who, method, path, body",
    [
        ("admin", "get", f"/api/myClass/{TOO_BIG}", None),
        ("instructor", "put", f"/api/classes/{TOO_BIG}", NEW_CLASS),
        ("admin", "patch", f"/api/classes/approved/{TOO_BIG}", None),
        ("admin", "patch", f"/api/classes/denied/{TOO_BIG}", None),
        ("admin", "patch", f"/api/classes/feedback/{TOO_BIG}", {"feedback": "Hello"}),
        ("student", "post", "/api/selectClass", {"classId": TOO_BIG}),
    ],
)
def test_an_id_beyond_what_the_database_holds_is_just_unknown(client_as, who, method, path, body):
    response = getattr(client_as(who), method)(path, body, format="json")

    assert response.status_code == 404
    assert response.json() == NO_SUCH_CLASS
