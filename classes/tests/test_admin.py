from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Role
from classes.models import ClassStatus
from testing.factories import ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


class TestClassAdmin:
    def test_the_list_loads_and_searches_by_name_and_instructor(self, admin_client):
        maya = UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test")
        pottery = ClassFactory(name="Wheel-Thrown Pottery", instructor=maya)
        painting = ClassFactory(name="Acrylic Painting")

        everyone = admin_client.get("/admin/classes/class/")
        by_name = admin_client.get("/admin/classes/class/", {"q": "acrylic"})
        by_instructor = admin_client.get("/admin/classes/class/", {"q": "maya@camp"})

        assert everyone.status_code == 200
        assert list(everyone.context["cl"].result_list) == [pottery, painting]
        assert list(by_name.context["cl"].result_list) == [painting]
        assert list(by_instructor.context["cl"].result_list) == [pottery]

    def test_the_list_filters_by_status(self, admin_client):
        ClassFactory(status=ClassStatus.PENDING)
        approved = ClassFactory(status=ClassStatus.APPROVED)

        response = admin_client.get("/admin/classes/class/", {"status__exact": "Approved"})

        assert response.status_code == 200
        assert list(response.context["cl"].result_list) == [approved]

    def test_the_list_costs_the_same_queries_for_2_or_30_classes(self, admin_client):
        ClassFactory.create_batch(2)
        few = queries_for(admin_client, "/admin/classes/class/")
        ClassFactory.create_batch(28)

        assert queries_for(admin_client, "/admin/classes/class/") == few

    def test_the_add_and_change_pages_load(self, admin_client):
        camp_class = ClassFactory()

        add = admin_client.get("/admin/classes/class/add/")
        change = admin_client.get(f"/admin/classes/class/{camp_class.pk}/change/")

        assert add.status_code == 200
        assert change.status_code == 200
        assert {"created_at", "updated_at"} <= set(change.context["adminform"].readonly_fields)

    def test_a_class_with_an_image_shipped_with_the_site_can_be_saved(self, admin_client):
        camp_class = ClassFactory(status=ClassStatus.PENDING)

        response = admin_client.post(
            f"/admin/classes/class/{camp_class.pk}/change/",
            {
                "name": "Wheel-Thrown Pottery",
                "image": "/static/img/demo/pottery.webp",
                "price": "19.99",
                "seats": "8",
                "enroll": "0",
                "status": "Approved",
                "instructor": camp_class.instructor.pk,
                "feedback": "",
                # The meetings' read-only inline, as the page sends it.
                "meetings-TOTAL_FORMS": "0",
                "meetings-INITIAL_FORMS": "0",
                "add_ons-TOTAL_FORMS": "0",
                "add_ons-INITIAL_FORMS": "0",
                "questions-TOTAL_FORMS": "0",
                "questions-INITIAL_FORMS": "0",
            },
        )

        assert response.status_code == 302
        camp_class.refresh_from_db()
        assert (camp_class.image, camp_class.price, camp_class.status) == (
            "/static/img/demo/pottery.webp",
            Decimal("19.99"),
            ClassStatus.APPROVED,
        )


class TestSelectionAdmin:
    def test_the_list_loads_and_searches_by_student_and_class(self, admin_client):
        sam = SelectionFactory(student__email="sam@camp.test")
        weaving = SelectionFactory(camp_class__name="Loom Weaving")

        everyone = admin_client.get("/admin/enrolments/selection/")
        by_student = admin_client.get("/admin/enrolments/selection/", {"q": "sam@camp"})
        by_class = admin_client.get("/admin/enrolments/selection/", {"q": "loom"})

        assert everyone.status_code == 200
        assert list(everyone.context["cl"].result_list) == [sam, weaving]
        assert list(by_student.context["cl"].result_list) == [sam]
        assert list(by_class.context["cl"].result_list) == [weaving]

    def test_the_list_costs_the_same_queries_for_2_or_30_selections(self, admin_client):
        SelectionFactory.create_batch(2)
        few = queries_for(admin_client, "/admin/enrolments/selection/")
        SelectionFactory.create_batch(28)

        assert queries_for(admin_client, "/admin/enrolments/selection/") == few

    def test_a_selection_is_shown_but_never_added_or_changed_by_hand(self, admin_client):
        # A selection is the student's own choice: the back office only looks.
        selection = SelectionFactory()

        add = admin_client.get("/admin/enrolments/selection/add/")
        view = admin_client.get(f"/admin/enrolments/selection/{selection.pk}/change/")

        assert add.status_code == 403
        assert view.status_code == 200
        assert not view.context["adminform"].form.fields
        assert "created_at" in view.context["adminform"].readonly_fields
