"""The head of a public page preloads its first picture, as the browser app will draw it."""

import io
import re
from datetime import timedelta

import pytest
from PIL import Image

from accounts.models import Role
from camp.first_screen import ALL_CLASSES_FIRST_PAGE
from classes.models import ClassStatus
from core.pictures import SIZES, WIDTHS, sources, webp_variants
from core.school_time import school_today
from testing.factories import ClassFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

PRELOAD = re.compile(r'<link rel="preload" as="image"[^>]*>')
POTTERY = "/static/img/demo/pottery-1280w.webp"
POTTERY_SRCSET = (
    "/static/img/demo/pottery-320w.webp 320w, /static/img/demo/pottery-480w.webp 480w, "
    "/static/img/demo/pottery-640w.webp 640w, /static/img/demo/pottery-960w.webp 960w, "
    "/static/img/demo/pottery-1280w.webp 1280w"
)
MAYA = "/static/img/demo/people/maya-lindqvist-960w.webp"
MAYA_SRCSET = (
    "/static/img/demo/people/maya-lindqvist-320w.webp 320w, "
    "/static/img/demo/people/maya-lindqvist-480w.webp 480w, "
    "/static/img/demo/people/maya-lindqvist-640w.webp 640w, "
    "/static/img/demo/people/maya-lindqvist-960w.webp 960w"
)


def preloads(response) -> list[str]:
    assert response.status_code == 200
    head = response.content.decode().split("</head>")[0]
    return PRELOAD.findall(head)


def preload_of(src: str, srcset: str = "", sizes: str = "") -> str:
    candidates = f' imagesrcset="{srcset}" imagesizes="{sizes}"' if srcset else ""
    return f'<link rel="preload" as="image" href="{src}"{candidates} fetchpriority="high">'


@pytest.fixture
def instructor():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", photo=MAYA)


def test_a_class_page_preloads_its_picture_at_the_width_the_page_shows_it(client, instructor):
    camp_class = ClassFactory(status=ClassStatus.APPROVED, image=POTTERY, instructor=instructor)

    assert preloads(client.get(f"/classes/{camp_class.pk}")) == [
        preload_of(POTTERY, POTTERY_SRCSET, SIZES["classPage"])
    ]


def test_an_instructor_page_preloads_their_photo(client, instructor):
    assert preloads(client.get(f"/instructors/{instructor.pk}")) == [
        preload_of(MAYA, MAYA_SRCSET, SIZES["instructorPage"])
    ]


def test_all_classes_preloads_the_picture_of_its_first_card_at_a_cards_width(client, instructor):
    scheduled_class(start=school_today() + timedelta(days=30), image="/static/img/demo/x-640w.webp")
    scheduled_class(start=school_today() + timedelta(days=3), image=POTTERY)
    first_card = client.get(f"/api{ALL_CLASSES_FIRST_PAGE}").json()[0]
    assert first_card["image"] == POTTERY

    assert preloads(client.get("/all-classes")) == [
        preload_of(POTTERY, POTTERY_SRCSET, SIZES["card"])
    ]


def test_all_instructors_preloads_the_photo_of_its_first_card_and_carries_its_list(
    client, instructor
):
    UserFactory(role=Role.INSTRUCTOR, name="Zed Zimmer", photo="/static/img/demo/z-320w.webp")
    first_card = client.get("/api/instructors").json()[0]
    assert first_card["photo"] == MAYA

    response = client.get("/all-instructors")

    assert preloads(response) == [preload_of(MAYA, MAYA_SRCSET, SIZES["card"])]
    # The whole list, which the page shows whole and arrives drawn with.
    assert '"/instructors":[{"_id":' in response.content.decode()


@pytest.mark.parametrize(
    "image",
    [
        "/media/classes/0f3a.jpg",
        "https://images.camp.test/classes/banner.jpg",
        # A width the ladder does not have: not one of our copies.
        "https://images.camp.test/classes/banner-1000w.webp",
    ],
)
def test_a_picture_without_copies_is_preloaded_as_it_is(client, instructor, image):
    camp_class = ClassFactory(status=ClassStatus.APPROVED, image=image, instructor=instructor)

    assert preloads(client.get(f"/classes/{camp_class.pk}")) == [preload_of(image)]


def test_a_class_without_a_picture_preloads_nothing(client, instructor):
    camp_class = ClassFactory(status=ClassStatus.APPROVED, image="", instructor=instructor)

    assert preloads(client.get(f"/classes/{camp_class.pk}")) == []


@pytest.mark.parametrize("path", ["/", "/all-classes?search=pottery", "/login"])
def test_a_page_whose_first_screen_shows_no_picture_preloads_none(client, instructor, path):
    """Home's first screen is its hero, drawn in CSS; a filtered list is the app's to ask for."""
    ClassFactory(status=ClassStatus.APPROVED, image=POTTERY, instructor=instructor, enroll=3)

    assert preloads(client.get(path)) == []


def test_a_preload_cannot_be_broken_out_of_by_a_picture_address(client, instructor):
    image = 'https://images.camp.test/a.jpg"><script>alert(1)</script>'
    camp_class = ClassFactory(status=ClassStatus.APPROVED, image=image, instructor=instructor)

    html = client.get(f"/classes/{camp_class.pk}").content.decode()

    assert "<script>alert(1)" not in html


class TestCopies:
    def test_a_picture_gets_a_webp_copy_at_each_width_of_the_ladder_it_covers(self):
        copies = webp_variants(Image.new("RGB", (1000, 750), "teal"))

        assert list(copies) == [320, 480, 640, 960]
        for width, content in copies.items():
            with Image.open(io.BytesIO(content)) as copy:
                assert (copy.format, copy.size) == ("WEBP", (width, width * 3 // 4))

    def test_a_picture_narrower_than_the_ladder_gets_no_copy(self):
        assert webp_variants(Image.new("RGB", (WIDTHS[0] - 1, 200), "teal")) == {}

    def test_sources_name_only_the_widths_up_to_the_largest_copy(self):
        assert sources("/static/img/demo/x-480w.webp", "card").srcset == (
            "/static/img/demo/x-320w.webp 320w, /static/img/demo/x-480w.webp 480w"
        )
