"""The public pages carry their first screen's data: the API's own answers, for a visitor."""

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from camp.first_screen import ALL_CLASSES_FIRST_PAGE, starting_soon_key
from classes.models import Category, ClassStatus
from core.public_cache import visitor_answer
from core.school_time import school_today
from enrolments.models import SeatHold
from testing.factories import ClassFactory, SelectionFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

APPROVED, PENDING = ClassStatus.APPROVED, ClassStatus.PENDING
BLOCK = re.compile(
    r'<script id="first-screen" type="application/json" nonce="[^"]*">(.*?)</script>'
)


def first_screen(response) -> dict | None:
    """The page's first-screen block, parsed; None when the page has none."""
    found = BLOCK.findall(response.content.decode())
    assert len(found) <= 1
    return json.loads(found[0]) if found else None


def api(client, key: str):
    """What the API answers a visitor for the app's key."""
    response = client.get(f"/api{key}")
    assert response.status_code == 200
    return response


@pytest.fixture
def instructor():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", bio="Potter for 20 years.")


@pytest.fixture
def school(instructor):
    """Approved classes, one starting soon, and a class waiting for review."""
    Category.objects.create(slug="pottery", name="Pottery", position=1)
    soon = scheduled_class(
        start=school_today() + timedelta(days=3), name="Wheel-Thrown Pottery", instructor=instructor
    )
    ClassFactory(status=APPROVED, name="Paper Lanterns", instructor=instructor, enroll=4)
    pending = ClassFactory(status=PENDING, name="Secret Batik", instructor=instructor)
    return {"soon": soon, "pending": pending}


def test_home_carries_the_popular_and_starting_soon_classes(client, school):
    carried = first_screen(client.get("/"))

    soon = starting_soon_key()
    assert soon == (
        f"/classes?status=Approved&startsAfter={school_today().isoformat()}"
        "&ordering=soonest&page=1&page_size=6"
    )
    assert carried == {
        "answers": {
            "/popularClasses": api(client, "/popularClasses").json(),
            soon: api(client, soon).json(),
            "/instructors": api(client, "/instructors").json(),
        },
        "totals": {},
    }
    assert [item["nameClass"] for item in carried["answers"][soon]] == ["Wheel-Thrown Pottery"]


def test_all_classes_carries_its_first_page_with_the_total_and_the_categories(client, school):
    carried = first_screen(client.get("/all-classes"))

    first_page = api(client, ALL_CLASSES_FIRST_PAGE)
    assert carried == {
        "answers": {
            ALL_CLASSES_FIRST_PAGE: first_page.json(),
            "/categories": api(client, "/categories").json(),
        },
        "totals": {ALL_CLASSES_FIRST_PAGE: int(first_page["X-Total-Count"])},
    }
    assert carried["totals"][ALL_CLASSES_FIRST_PAGE] == 2


def test_all_classes_carries_one_page_only(client, instructor):
    for number in range(30):
        ClassFactory(status=APPROVED, name=f"Summer Class {number:02d}", instructor=instructor)

    carried = first_screen(client.get("/all-classes"))

    assert len(carried["answers"][ALL_CLASSES_FIRST_PAGE]) == 24
    assert carried["totals"][ALL_CLASSES_FIRST_PAGE] == 30


def test_a_filtered_all_classes_carries_its_list_under_the_apps_own_key(client, school):
    # The key as the app makes it from the address (camp/server_render.class_list_key): the
    # default sort named, the filters in the app's order, the first page.
    key = "/classes?status=Approved&search=pottery&ordering=soonest&page=1&page_size=24"
    carried = first_screen(client.get("/all-classes?search=pottery"))
    assert carried["answers"][key] == api(client, key).json()
    assert carried["totals"] == {key: 1}

    sorted_key = "/classes?status=Approved&ordering=price&page=1&page_size=24"
    assert list(first_screen(client.get("/all-classes?ordering=price"))["answers"]) == [
        sorted_key,
        "/categories",
    ]


def test_a_class_page_carries_the_class(client, school):
    soon = school["soon"]

    carried = first_screen(client.get(f"/classes/{soon.pk}"))

    key = f"/classes/{soon.pk}"
    assert carried == {"answers": {key: api(client, key).json()}, "totals": {}}
    assert carried["answers"][key]["nameClass"] == "Wheel-Thrown Pottery"


def test_an_instructor_page_carries_the_instructor_and_approved_classes(client, school, instructor):
    carried = first_screen(client.get(f"/instructors/{instructor.pk}"))

    key = f"/instructors/{instructor.pk}"
    assert carried == {"answers": {key: api(client, key).json()}, "totals": {}}
    assert sorted(item["nameClass"] for item in carried["answers"][key]["classes"]) == [
        "Paper Lanterns",
        "Wheel-Thrown Pottery",
    ]


def test_a_class_waiting_for_review_is_carried_by_no_page(client, school, instructor):
    pending = school["pending"]

    response = client.get(f"/classes/{pending.pk}")

    assert response.status_code == 404
    assert first_screen(response) is None
    for path in ["/", "/all-classes", f"/instructors/{instructor.pk}"]:
        assert "Secret Batik" not in first_screen(client.get(path)).__repr__()


def test_the_page_carries_a_visitors_answers_whoever_asks(client, school, instructor):
    """The page is the same for everyone: neither a back-office session nor a token sent with
    the page changes it. The class's own instructor reads the review's feedback from the API."""
    soon = school["soon"]
    soon.feedback = "Lovely, approved."
    soon.save()
    client.force_login(UserFactory(role=Role.ADMIN, is_staff=True, is_superuser=True))
    token = f"Bearer {AccessToken.for_user(instructor)}"

    carried = first_screen(client.get(f"/classes/{soon.pk}", HTTP_AUTHORIZATION=token))

    visitor = client.__class__().get(f"/api/classes/{soon.pk}").json()
    assert carried["answers"] == {f"/classes/{soon.pk}": visitor}
    assert "feedback" not in carried["answers"][f"/classes/{soon.pk}"]
    own = client.get(f"/api/classes/{soon.pk}", HTTP_AUTHORIZATION=token).json()
    assert own["feedback"] == "Lovely, approved."


@pytest.mark.parametrize("path", ["/", "/all-classes"])
def test_a_list_page_viewed_again_is_served_from_the_cache(
    client, school, path, django_assert_num_queries
):
    first = first_screen(client.get(path))

    with django_assert_num_queries(0):
        again = first_screen(client.get(path))

    assert again == first


def test_an_instructor_page_viewed_again_asks_only_for_its_head(client, instructor):
    """Its head (title, description, structured data) is read on every view; its data comes
    from the cache, as a visitor's API request would."""
    path = f"/instructors/{instructor.pk}"
    with CaptureQueriesContext(connection) as first_view:
        first = first_screen(client.get(path))
    with CaptureQueriesContext(connection) as again_view:
        again = first_screen(client.get(path))
    with CaptureQueriesContext(connection) as api_view:
        client.get(f"/api{path}")

    assert again == first
    assert len(again_view) < len(first_view)
    assert len(api_view) == 0


def test_a_class_page_carries_the_seats_free_at_this_moment(client, school):
    """A class's answer is not cached: a hold stops counting when it runs out, with no write
    that would forget a cached answer, and the page carries the seat free again at once."""
    camp_class = school["soon"]
    path = f"/classes/{camp_class.pk}"
    selection = SelectionFactory(camp_class=camp_class)
    held_until = timezone.now() + timedelta(minutes=15)
    SeatHold.objects.create(
        student=selection.student,
        participant=selection.participant,
        camp_class=camp_class,
        selection=selection,
        expires_at=held_until,
    )
    held = first_screen(client.get(path))["answers"][path]["seatsFree"]

    with time_machine.travel(held_until + timedelta(seconds=1)):
        after = first_screen(client.get(path))["answers"][path]["seatsFree"]
        assert client.get(f"/api{path}").json()["seatsFree"] == after

    assert after == held + 1


def test_the_block_cannot_be_closed_by_what_an_instructor_writes(client, instructor):
    camp_class = ClassFactory(
        status=APPROVED, name="</script><script>alert(1)</script>", instructor=instructor
    )

    response = client.get(f"/classes/{camp_class.pk}")

    assert "<script>alert(1)" not in response.content.decode()
    carried = first_screen(response)
    key = f"/classes/{camp_class.pk}"
    assert carried["answers"][key]["nameClass"] == "</script><script>alert(1)</script>"


def test_a_page_stays_private_and_asked_again(client, school):
    for path in ["/", "/all-classes", f"/classes/{school['soon'].pk}"]:
        response = client.get(path)
        assert sorted(response["Cache-Control"].split(", ")) == ["no-cache", "private"]


def test_only_answers_the_same_for_every_visitor_may_be_carried():
    with pytest.raises(ValueError, match="no public answer"):
        visitor_answer("/profile")
    with pytest.raises(ValueError, match="no public answer"):
        visitor_answer("/no-such-endpoint")
