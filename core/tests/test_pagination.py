"""Optional pages on every list endpoint: the plain array by default, ?page=&page_size= on ask."""

import pytest
from rest_framework import serializers

from accounts.models import Role
from classes.models import ClassStatus
from core import pagination
from enrolments.serializers import SelectionOutputSerializer
from payments.models import PaymentStatus
from testing import services
from testing.factories import ClassFactory, PaymentFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db

APPROVED = ClassStatus.APPROVED


def approved_classes(count: int) -> list[int]:
    return [ClassFactory(status=APPROVED).pk for _ in range(count)]


def ids(response) -> list[int]:
    return [item["_id"] for item in response.json()]


class TestClassesInPages:
    def test_without_page_parameters_the_whole_list_comes_as_a_plain_array(self, api_client):
        every_id = approved_classes(30)

        response = api_client.get("/api/classes")

        assert response.status_code == 200
        assert ids(response) == every_id
        assert "X-Total-Count" not in response.headers
        assert "Link" not in response.headers

    def test_a_page_holds_its_share_and_the_total_is_in_a_header(self, api_client):
        every_id = approved_classes(30)
        ClassFactory(status=ClassStatus.PENDING)

        response = api_client.get("/api/classes?page=2&page_size=12")

        assert response.status_code == 200
        assert ids(response) == every_id[12:24]
        assert response.headers["X-Total-Count"] == "30"
        assert response.headers["Link"] == (
            '</api/classes?page=3&page_size=12>; rel="next", '
            '</api/classes?page=1&page_size=12>; rel="prev"'
        )

    def test_the_first_page_has_no_previous_and_the_last_no_next(self, api_client):
        every_id = approved_classes(5)

        first = api_client.get("/api/classes?page_size=3")
        last = api_client.get("/api/classes?page=2&page_size=3")

        assert ids(first) == every_id[:3]
        assert first.headers["Link"] == '</api/classes?page=2&page_size=3>; rel="next"'
        assert ids(last) == every_id[3:]
        assert last.headers["Link"] == '</api/classes?page=1&page_size=3>; rel="prev"'

    def test_page_alone_takes_24_per_page(self, api_client):
        every_id = approved_classes(26)

        response = api_client.get("/api/classes?page=2")

        assert ids(response) == every_id[24:]
        assert response.headers["X-Total-Count"] == "26"

    def test_a_page_past_the_end_is_empty_and_still_tells_the_total(self, api_client):
        approved_classes(3)

        response = api_client.get("/api/classes?page=9&page_size=2")

        assert response.status_code == 200
        assert response.json() == []
        assert response.headers["X-Total-Count"] == "3"
        assert response.headers["Link"] == '</api/classes?page=2&page_size=2>; rel="prev"'

    def test_the_status_filter_stays_in_the_page_links(self, api_client):
        approved_classes(3)

        response = api_client.get("/api/classes?status=Approved&page_size=2")

        assert response.headers["Link"] == (
            '</api/classes?page=2&page_size=2&status=Approved>; rel="next"'
        )

    @pytest.mark.parametrize(
        ("query", "field", "message"),
        [
            ("page=0", "page", "Ensure this value is greater than or equal to 1."),
            ("page=two", "page", "A valid integer is required."),
            ("page_size=0", "page_size", "Ensure this value is greater than or equal to 1."),
            ("page_size=101", "page_size", "Ensure this value is less than or equal to 100."),
            ("page=1&page_size=2.5", "page_size", "A valid integer is required."),
            ("status=Open", "status", '"Open" is not a valid choice.'),
        ],
    )
    def test_bad_page_parameters_are_refused_naming_the_field(
        self, api_client, query, field, message
    ):
        response = api_client.get(f"/api/classes?{query}")

        assert response.status_code == 400
        assert response.json()["errors"] == {field: [message]}


class TestTheStatusFilter:
    def test_an_admin_can_ask_for_one_review_state(self, api_client_for):
        pending = ClassFactory(status=ClassStatus.PENDING)
        ClassFactory(status=APPROVED)
        admin = api_client_for(UserFactory(role=Role.ADMIN))

        response = admin.get("/api/classes?status=Pending")

        assert ids(response) == [pending.pk]

    def test_anyone_else_never_gets_past_approved(self, api_client_for):
        ClassFactory(status=ClassStatus.PENDING)
        student = api_client_for(UserFactory(role=Role.STUDENT))

        response = student.get("/api/classes?status=Pending")

        assert response.status_code == 200
        assert response.json() == []


def instructors(count: int) -> list[str]:
    return [UserFactory(role=Role.INSTRUCTOR).email for _ in range(count)]


def test_instructors_come_in_pages(api_client):
    every_email = instructors(7)
    UserFactory(role=Role.STUDENT)

    response = api_client.get("/api/instructors?page=2&page_size=3")

    assert [person["email"] for person in response.json()] == every_email[3:6]
    assert response.headers["X-Total-Count"] == "7"


def test_an_admin_gets_the_users_in_pages(api_client_for):
    admin = UserFactory(role=Role.ADMIN)
    others = [UserFactory().pk for _ in range(4)]

    response = api_client_for(admin).get("/api/users?page=1&page_size=2")

    assert [person["_id"] for person in response.json()] == [admin.pk, others[0]]
    assert response.headers["X-Total-Count"] == "5"


def test_an_instructor_gets_their_own_classes_in_pages(api_client_for):
    instructor = UserFactory(role=Role.INSTRUCTOR, email="maya@camp.test")
    theirs = [ClassFactory(instructor=instructor).pk for _ in range(5)]

    response = api_client_for(instructor).get("/api/myClasses/maya@camp.test?page=3&page_size=2")

    assert ids(response) == theirs[4:]
    assert response.headers["X-Total-Count"] == "5"


def test_a_student_gets_their_selections_in_pages(api_client_for):
    student = UserFactory(email="sam@camp.test")
    selected = [SelectionFactory(student=student).pk for _ in range(4)]

    response = api_client_for(student).get("/api/selectClass?email=sam@camp.test&page_size=3")

    assert ids(response) == selected[:3]
    assert response.headers["X-Total-Count"] == "4"
    assert response.headers["Link"] == (
        '</api/selectClass?email=sam%40camp.test&page=2&page_size=3>; rel="next"'
    )


def test_a_student_gets_payments_and_enrolments_in_pages_newest_first(api_client_for):
    student = UserFactory(role=Role.STUDENT, email="sam@camp.test")
    payments = [PaymentFactory(student=student, status=PaymentStatus.ENROLLED) for _ in range(3)]
    client = api_client_for(student)

    history = client.get("/api/payments/sam@camp.test?page=1&page_size=2")
    enrolled = client.get("/api/enrolledStudent/sam@camp.test?page=2&page_size=2")

    assert [payment["_id"] for payment in history.json()] == [payments[2].pk, payments[1].pk]
    assert history.headers["X-Total-Count"] == "3"
    assert ids(enrolled) == [payments[0].camp_class_id]
    assert enrolled.headers["X-Total-Count"] == "3"


def test_the_whole_enrolled_list_stays_a_plain_array_newest_first(api_client_for):
    student = UserFactory(role=Role.STUDENT, email="sam@camp.test")
    payments = [PaymentFactory(student=student, status=PaymentStatus.ENROLLED) for _ in range(3)]
    PaymentFactory(student=student, status=PaymentStatus.REFUNDED)
    PaymentFactory(status=PaymentStatus.ENROLLED)

    response = api_client_for(student).get("/api/enrolledStudent/sam@camp.test")

    assert ids(response) == [payment.camp_class_id for payment in reversed(payments)]
    assert "X-Total-Count" not in response.headers


class TestTheTotalAtScale:
    """X-Total-Count is exact up to EXACT_TOTAL_UP_TO rows; past it, PostgreSQL's estimate, so
    an admin's page does not count every row of a long list."""

    @pytest.fixture
    def limit_of_five(self, monkeypatch):
        monkeypatch.setattr(pagination, "EXACT_TOTAL_UP_TO", 5)

    def test_up_to_the_limit_the_total_is_exact_right_after_a_change(
        self, api_client_for, limit_of_five
    ):
        admin = api_client_for(UserFactory(role=Role.ADMIN))
        UserFactory.create_batch(3)
        assert admin.get("/api/users?page=1&page_size=2")["X-Total-Count"] == "4"

        UserFactory()

        assert admin.get("/api/users?page=1&page_size=2")["X-Total-Count"] == "5"

    def test_up_to_the_limit_one_bounded_count_and_the_page(
        self, api_client_for, limit_of_five, django_assert_num_queries
    ):
        admin = api_client_for(UserFactory(role=Role.ADMIN))
        UserFactory.create_batch(3)

        with django_assert_num_queries(3) as queries:  # the caller, the count, the page
            response = admin.get("/api/users?page=1&page_size=2")

        assert response["X-Total-Count"] == "4"
        (count,) = [query["sql"] for query in queries if "COUNT(" in query["sql"]]
        assert "LIMIT 6" in count

    @services.postgresql_only("the estimate is PostgreSQL's planner's.")
    def test_past_the_limit_the_total_is_estimated_not_counted(
        self, api_client_for, limit_of_five, django_assert_num_queries
    ):
        admin = api_client_for(UserFactory(role=Role.ADMIN))
        UserFactory.create_batch(9)

        # The caller, a count that stops past the limit, the planner's estimate, the page.
        with django_assert_num_queries(4) as queries:
            response = admin.get("/api/users?page=1&page_size=2")

        counts = [query["sql"] for query in queries if "COUNT(" in query["sql"]]
        assert len(counts) == 1
        assert "LIMIT 6" in counts[0]
        assert any(query["sql"].startswith("EXPLAIN") for query in queries)
        assert int(response["X-Total-Count"]) > 5

    @services.sqlite_only("PostgreSQL estimates the count instead.")
    def test_past_the_limit_other_databases_count_every_row(self, api_client_for, limit_of_five):
        admin = api_client_for(UserFactory(role=Role.ADMIN))
        UserFactory.create_batch(9)

        assert admin.get("/api/users?page=1&page_size=2")["X-Total-Count"] == "10"


def test_a_whole_list_is_answered_by_one_serializer_per_process(monkeypatch, api_client_for):
    student = UserFactory()
    SelectionFactory.create_batch(2, student=student)
    client = api_client_for(student)
    path = f"/api/selectClass?email={student.email}"
    first = client.get(path).json()
    built = []
    get_fields = serializers.Serializer.get_fields

    def counted(self):
        built.append(type(self))
        return get_fields(self)

    monkeypatch.setattr(serializers.Serializer, "get_fields", counted)

    assert client.get(path).json() == first
    assert len(first) == 2
    # The query's serializer is made again; the rows' is not.
    assert SelectionOutputSerializer not in built
