"""The back office's catalog: the school's categories, and a class's description, schedule and
meetings, shown without letting a form put the meetings out of step."""

from datetime import date, time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Role
from classes.models import Category, Class, ClassStatus, Meeting
from classes.search import classes_matching
from classes.services import class_update
from extras.models import AddOn
from testing.factories import ClassFactory, UserFactory, scheduled_class

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

CATEGORIES = "/admin/classes/category/"


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def class_form(camp_class: Class, **changes) -> dict:
    """The change form of a class as the page posts it, with its read-only meetings."""
    meetings = camp_class.meetings.count()
    return {
        "name": camp_class.name,
        "instructor": camp_class.instructor_id,
        "status": camp_class.status,
        "feedback": camp_class.feedback,
        "description": camp_class.description,
        "category": camp_class.category_id or "",
        "level": camp_class.level,
        "location": camp_class.location,
        "age_min": camp_class.age_min or "",
        "age_max": camp_class.age_max or "",
        "image": camp_class.image,
        "price": str(camp_class.price),
        "seats": camp_class.seats,
        "enroll": camp_class.enroll,
        "meetings-TOTAL_FORMS": meetings,
        "meetings-INITIAL_FORMS": meetings,
        # The add-ons' inline, with none.
        "add_ons-TOTAL_FORMS": 0,
        "add_ons-INITIAL_FORMS": 0,
        **{
            f"meetings-{number}-id": meeting.pk
            for number, meeting in enumerate(camp_class.meetings.order_by("start", "id"))
        },
        **{f"meetings-{number}-camp_class": camp_class.pk for number in range(meetings)},
        # The school's questions of the class: none here (classes/tests/test_questions_admin.py).
        "questions-TOTAL_FORMS": 0,
        "questions-INITIAL_FORMS": 0,
        **changes,
    }


class TestCategories:
    def test_the_list_shows_the_school_s_order_with_the_position_editable(self, admin_client):
        response = admin_client.get(CATEGORIES)

        assert response.status_code == 200
        shown = list(response.context["cl"].result_list)
        assert shown == list(Category.objects.order_by("position", "name"))
        assert response.context["cl"].list_editable == ("position",)

    def test_reordering_in_the_list_changes_the_public_list_at_once(
        self, admin_client, api_client, django_capture_on_commit_callbacks
    ):
        shown = list(Category.objects.order_by("position", "name"))
        api_client.get("/api/categories")
        # Glass moves to the top; the others keep their places.
        form = {
            "form-TOTAL_FORMS": len(shown),
            "form-INITIAL_FORMS": len(shown),
            "_save": "Save",
        }
        for number, category in enumerate(shown):
            form[f"form-{number}-id"] = category.pk
            form[f"form-{number}-position"] = 0 if category.slug == "glass" else number + 1

        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client.post(CATEGORIES, form)

        assert response.status_code == 302
        slugs = [category["slug"] for category in api_client.get("/api/categories").json()]
        assert slugs[:2] == ["glass", "painting"]

    def test_a_new_category_takes_its_slug_from_its_name_and_joins_the_list(
        self, admin_client, api_client, django_capture_on_commit_callbacks
    ):
        add = admin_client.get(f"{CATEGORIES}add/")
        assert [field["field"].name for field in add.context["adminform"].prepopulated_fields] == [
            "slug"
        ]

        with django_capture_on_commit_callbacks(execute=True):
            saved = admin_client.post(
                f"{CATEGORIES}add/",
                {"name": "Calligraphy", "slug": "calligraphy", "position": "20"},
            )

        assert saved.status_code == 302
        assert api_client.get("/api/categories").json()[-1] == {
            "slug": "calligraphy",
            "name": "Calligraphy",
        }

    def test_once_made_a_slug_stays_as_shared_filter_links_name_it(self, admin_client):
        pottery = Category.objects.get(slug="pottery-ceramics")

        change = admin_client.get(f"{CATEGORIES}{pottery.pk}/change/")
        admin_client.post(
            f"{CATEGORIES}{pottery.pk}/change/",
            {"name": "Ceramics", "slug": "ceramics", "position": pottery.position},
        )

        assert "slug" in change.context["adminform"].readonly_fields
        pottery.refresh_from_db()
        assert (pottery.slug, pottery.name) == ("pottery-ceramics", "Ceramics")

    def test_a_renamed_category_finds_its_classes_by_the_new_name(self, admin_client):
        pottery = Category.objects.get(slug="pottery-ceramics")
        camp_class = ClassFactory(
            status=ClassStatus.APPROVED, category=pottery, name="Wheel", description=""
        )

        admin_client.post(f"{CATEGORIES}{pottery.pk}/change/", {"name": "Stoneware", "position": 2})

        assert list(classes_matching(Class.objects.all(), "stoneware", ranked=False)) == [
            camp_class
        ]

    def test_the_list_costs_the_same_queries_for_12_or_40_categories(self, admin_client):
        few = queries_for(admin_client, CATEGORIES)
        Category.objects.bulk_create(
            Category(slug=f"extra-{number}", name=f"Extra {number}", position=50 + number)
            for number in range(28)
        )

        assert queries_for(admin_client, CATEGORIES) == few


class TestAClassInTheBackOffice:
    def test_the_change_page_shows_the_details_schedule_and_meetings(self, admin_client):
        camp_class = scheduled_class(
            start=date(2027, 6, 14),
            end=date(2027, 6, 18),
            days=(0, 2),
            hours=(time(9), time(12)),
            description="Centre clay.",
            location="Clay Studio",
        )
        # The Wednesday is dropped: its meeting stays, cancelled.
        class_update(
            class_id=camp_class.pk,
            editor=camp_class.instructor,
            name=camp_class.name,
            image=camp_class.image,
            price=camp_class.price,
            seats=camp_class.seats,
            meeting_days=[0],
        )

        response = admin_client.get(f"/admin/classes/class/{camp_class.pk}/change/")

        assert response.status_code == 200
        fieldsets = {
            name: options["fields"] for name, options in response.context["adminform"].fieldsets
        }
        assert "description" in fieldsets["What it is"]
        assert "start_date" in fieldsets["Schedule"]
        meetings, add_ons, questions = response.context["inline_admin_formsets"]
        assert add_ons.opts.model is AddOn
        assert questions.formset.total_form_count() == 0
        rows = [
            (
                form.original.day,
                meetings.opts.starts(form.original),
                meetings.opts.ends(form.original),
                form.original.sequence,
                form.original.cancelled,
            )
            for form in meetings
        ]
        assert rows == [
            (date(2027, 6, 14), "09:00", "12:00", 0, False),
            (date(2027, 6, 16), "09:00", "12:00", 1, True),
        ]
        assert meetings.opts.fields == ("day", "starts", "ends", "sequence", "cancelled")
        assert not meetings.has_add_permission and not meetings.has_change_permission
        html = response.content.decode()
        assert "Mon 2027-06-14 09:00" in html  # the first meeting, in school time
        assert "Clay Studio" in html

    def test_the_schedule_is_read_only_so_the_meetings_stay_in_step(self, admin_client):
        camp_class = scheduled_class(start=date(2027, 6, 14), hours=(time(9), time(12)))
        before = list(Meeting.objects.filter(camp_class=camp_class).values())

        response = admin_client.post(
            f"/admin/classes/class/{camp_class.pk}/change/",
            class_form(
                camp_class,
                start_date="2027-07-01",
                start_time="14:00",
                end_time="17:00",
                location="Print Room",
            ),
        )

        assert response.status_code == 302
        camp_class.refresh_from_db()
        # The rest of the form is saved; the schedule and its meetings are as they were.
        assert camp_class.location == "Print Room"
        assert (camp_class.start_date, camp_class.start_time) == (date(2027, 6, 14), time(9))
        assert list(Meeting.objects.filter(camp_class=camp_class).values()) == before

    def test_an_edit_in_the_back_office_is_found_by_search_under_its_new_words(self, admin_client):
        camp_class = ClassFactory(status=ClassStatus.APPROVED, name="Pottery", description="")

        response = admin_client.post(
            f"/admin/classes/class/{camp_class.pk}/change/",
            class_form(camp_class, name="Raku Firing", description="Smoke and crackle glazes."),
        )

        assert response.status_code == 302
        found = classes_matching(Class.objects.all(), "crackle raku", ranked=False)
        assert list(found) == [camp_class]

    def test_the_list_filters_by_category(self, admin_client):
        pottery = ClassFactory(category=Category.objects.get(slug="pottery-ceramics"))
        ClassFactory(category=Category.objects.get(slug="painting"))
        ClassFactory(category=None)

        response = admin_client.get(
            "/admin/classes/class/", {"category__id__exact": pottery.category_id}
        )

        assert list(response.context["cl"].result_list) == [pottery]

    def test_the_list_costs_the_same_queries_for_2_or_30_categorised_classes(self, admin_client):
        painting = Category.objects.get(slug="painting")
        ClassFactory.create_batch(2, category=painting)
        few = queries_for(admin_client, "/admin/classes/class/")
        teacher = UserFactory(role=Role.INSTRUCTOR)
        ClassFactory.create_batch(28, category=painting, instructor=teacher)

        assert queries_for(admin_client, "/admin/classes/class/") == few
