"""The pages of a class and of an instructor carry their real title, description, picture and
schema.org data in the HTML, for link previews and search engines that do not run the app."""

import json
import re
from datetime import date, time, timedelta
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.utils import translation

from accounts.models import Role
from camp.seo import iso_duration, summary
from classes.models import Category, ClassStatus
from core.school_time import school_today
from testing.factories import ClassFactory, UserFactory, scheduled_class

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

GENERIC_TITLE = "Camp"
DESCRIPTION = (
    "Centre clay on the wheel, pull walls and trim a foot. Over two weeks you throw, trim and "
    "glaze two pots of your own to take home, fired in the school's kiln.\n\nAprons provided."
)


class Head(HTMLParser):
    """What a crawler reads of a page: its title, meta and link tags, and its script blocks."""

    def __init__(self, html: str):
        super().__init__()
        self.title = ""
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.scripts: list[tuple[dict, str]] = []
        self._in: str | None = None
        self._attributes: dict = {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta" and ("name" in attributes or "property" in attributes):
            key = attributes.get("property") or attributes["name"]
            assert key not in self.meta, f"{key} twice"
            self.meta[key] = attributes["content"]
        elif tag == "link":
            self.links[attributes["rel"]] = attributes["href"]
        elif tag in ("title", "script"):
            self._in, self._attributes = tag, attributes
            if tag == "script":
                self.scripts.append((attributes, ""))

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in == "script":
            attributes, text = self.scripts[-1]
            self.scripts[-1] = (attributes, text + data)

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def json_ld(self) -> list[dict]:
        return [
            json.loads(text)
            for attributes, text in self.scripts
            if attributes.get("type") == "application/ld+json"
        ]


def head_of(response) -> Head:
    assert response["Content-Type"] == "text/html; charset=utf-8"
    html = response.content.decode()
    # The browser app still loads (and takes over the first screen drawn in it): these are its
    # pages.
    assert '<div id="root">' in html
    return Head(html)


@pytest.fixture
def maya():
    return UserFactory(
        role=Role.INSTRUCTOR,
        name="Maya Lindqvist",
        photo="/static/img/demo/people/maya-lindqvist.webp",
        bio="Potter for twenty years.\n\nI teach wheel-throwing and hand-building to all ages.",
    )


@pytest.fixture
def pottery(maya):
    return scheduled_class(
        start=date(2027, 6, 14),
        end=date(2027, 6, 25),
        days=(0, 2, 4),
        hours=(time(9), time(12)),
        instructor=maya,
        name="Wheel-Thrown Pottery",
        image="/static/img/demo/pottery.webp",
        price=Decimal("45.50"),
        seats=6,
        description=DESCRIPTION,
        category=Category.objects.get(slug="pottery-ceramics"),
        level="beginner",
        location="Clay Studio",
        age_min=10,
        age_max=14,
        no_meeting_dates=[date(2027, 6, 16)],
    )


class TestAClassPage:
    def test_the_head_has_the_class_s_title_description_and_picture(self, client, pottery):
        response = client.get(f"/classes/{pottery.pk}")

        head = head_of(response)
        url = f"http://testserver/classes/{pottery.pk}"
        image = "http://testserver/static/img/demo/pottery.webp"
        description = head.meta["description"]
        assert response.status_code == 200
        assert head.title == "Wheel-Thrown Pottery | Camp"
        assert description.startswith("Centre clay on the wheel, pull walls and trim a foot.")
        assert len(description) <= 160 and description.endswith("…")
        assert "\n" not in description
        assert head.links["canonical"] == url
        assert {key: value for key, value in head.meta.items() if key.startswith("og:")} == {
            "og:site_name": "Camp",
            "og:locale": "en_US",
            "og:type": "website",
            "og:title": "Wheel-Thrown Pottery",
            "og:description": description,
            "og:url": url,
            # Absolute, from the request's host: a shared link's preview fetches it elsewhere.
            "og:image": image,
            "og:image:alt": "Wheel-Thrown Pottery",
        }
        assert {key: value for key, value in head.meta.items() if key.startswith("twitter:")} == {
            "twitter:card": "summary_large_image",
            "twitter:title": "Wheel-Thrown Pottery",
            "twitter:description": description,
            "twitter:image": image,
        }
        assert "robots" not in head.meta

    def test_the_structured_data_is_a_course_with_its_schedule_and_offer(
        self, client, pottery, maya, settings
    ):
        settings.SCHOOL_NAME = "Camp Art & Craft School"

        (course,) = head_of(client.get(f"/classes/{pottery.pk}")).json_ld()

        url = f"http://testserver/classes/{pottery.pk}"
        offer = {
            "@type": "Offer",
            "url": url,
            "price": "45.50",
            "priceCurrency": "USD",
            "category": "Paid",
            "availability": "https://schema.org/InStock",
            # Registration closes when the first meeting starts.
            "validThrough": "2027-06-14T09:00:00-07:00",
        }
        assert course == {
            "@context": "https://schema.org",
            "@type": "Course",
            "@id": url,
            "name": "Wheel-Thrown Pottery",
            "description": DESCRIPTION,
            "url": url,
            "image": "http://testserver/static/img/demo/pottery.webp",
            "about": "Pottery & ceramics",
            "educationalLevel": "Beginner",
            "typicalAgeRange": "10-14",
            "provider": {
                "@type": "Organization",
                "name": "Camp Art & Craft School",
                "url": "http://testserver/",
            },
            "offers": offer,
            "hasCourseInstance": [
                {
                    "@type": "CourseInstance",
                    "courseMode": "onsite",
                    "location": {"@type": "Place", "name": "Clay Studio"},
                    "instructor": {
                        "@type": "Person",
                        "name": "Maya Lindqvist",
                        "url": f"http://testserver/instructors/{maya.pk}",
                    },
                    "offers": offer,
                    # The first meeting's start and the last one's end, with the school's offset.
                    "startDate": "2027-06-14T09:00:00-07:00",
                    "endDate": "2027-06-25T12:00:00-07:00",
                    "courseSchedule": {
                        "@type": "Schedule",
                        "byDay": [
                            "https://schema.org/Monday",
                            "https://schema.org/Wednesday",
                            "https://schema.org/Friday",
                        ],
                        "startTime": "09:00",
                        "endTime": "12:00",
                        "startDate": "2027-06-14",
                        "endDate": "2027-06-25",
                        "duration": "PT3H",
                        "repeatFrequency": "P1W",
                        "exceptDate": ["2027-06-16"],
                        "scheduleTimezone": "America/Los_Angeles",
                    },
                    # Five meetings of three hours (the holiday is not one).
                    "courseWorkload": "PT15H",
                }
            ],
        }

    def test_the_school_s_name_comes_from_its_setting(self, client, pottery, settings):
        settings.SCHOOL_NAME = "Riverside Art School"

        (course,) = head_of(client.get(f"/classes/{pottery.pk}")).json_ld()

        assert course["provider"]["name"] == "Riverside Art School"

    def test_a_full_class_is_sold_out_and_a_free_one_says_so(self, client):
        full = ClassFactory(status=ClassStatus.APPROVED, seats=0)
        free = ClassFactory(status=ClassStatus.APPROVED, price=Decimal("0"))

        (full_course,) = head_of(client.get(f"/classes/{full.pk}")).json_ld()
        (free_course,) = head_of(client.get(f"/classes/{free.pk}")).json_ld()

        assert full_course["offers"]["availability"] == "https://schema.org/SoldOut"
        assert (free_course["offers"]["price"], free_course["offers"]["category"]) == (
            "0.00",
            "Free",
        )
        assert free_course["offers"]["availability"] == "https://schema.org/InStock"

    def test_a_class_that_has_ended_is_no_longer_offered(self, client):
        ended = scheduled_class(start=school_today() - timedelta(days=3))

        response = client.get(f"/classes/{ended.pk}")

        assert response.status_code == 200
        (course,) = head_of(response).json_ld()
        assert course["offers"]["availability"] == "https://schema.org/Discontinued"

    def test_a_class_to_be_announced_says_where_but_not_when(self, client, settings):
        settings.SCHOOL_NAME = "Camp Art & Craft School"
        camp_class = ClassFactory(
            status=ClassStatus.APPROVED,
            name="Loom Weaving",
            image="https://images.camp.test/classes/loom.jpg",
        )

        head = head_of(client.get(f"/classes/{camp_class.pk}"))

        (course,) = head.json_ld()
        (instance,) = course["hasCourseInstance"]
        assert set(instance) == {"@type", "courseMode", "location", "instructor", "offers"}
        assert instance["location"] == {"@type": "Place", "name": "Camp Art & Craft School"}
        assert "validThrough" not in course["offers"]
        # With no description of its own, the page still describes it.
        assert course["description"] == head.meta["description"]
        assert "Loom Weaving" in head.meta["description"]
        # A picture that is a URL of the web stays as it is.
        assert head.meta["og:image"] == "https://images.camp.test/classes/loom.jpg"

    def test_a_one_day_workshop_does_not_repeat(self, client):
        workshop = scheduled_class(start=date(2027, 7, 3), hours=(time(13), time(16, 30)))

        (course,) = head_of(client.get(f"/classes/{workshop.pk}")).json_ld()

        schedule = course["hasCourseInstance"][0]["courseSchedule"]
        assert "repeatFrequency" not in schedule
        assert schedule["byDay"] == ["https://schema.org/Saturday"]
        assert (schedule["startDate"], schedule["endDate"]) == ("2027-07-03", "2027-07-03")
        assert schedule["duration"] == "PT3H30M"

    def test_a_name_that_closes_the_script_cannot_break_out_of_it(self, client):
        name = "</script><script>alert(1)</script>"
        camp_class = ClassFactory(
            status=ClassStatus.APPROVED,
            name=name,
            description='Glaze & fire <!-- "quoted" --> </SCRIPT> ]]>',
        )

        response = client.get(f"/classes/{camp_class.pk}")

        html = response.content.decode()
        head = head_of(response)
        (course,) = head.json_ld()
        assert "<script>alert(1)" not in html
        assert "</SCRIPT> ]]>" not in html
        # The data reads back exactly as written, and no script was added.
        assert course["name"] == name
        assert course["description"] == 'Glaze & fire <!-- "quoted" --> </SCRIPT> ]]>'
        assert head.title == f"{name} | Camp"
        inline = [attributes for attributes, _ in head.scripts if "src" not in attributes]
        # The config and the first screen's data (camp/first_screen.py) are data too; the two
        # scripts are the page's own: the theme's, and the one that loads the app once the page
        # the server drew is painted.
        assert [attributes.get("type") for attributes in inline] == [
            "application/ld+json",
            None,
            "application/json",
            "application/json",
            None,
        ]

    def test_the_structured_data_runs_nothing_and_carries_the_page_s_nonce(self, client, pottery):
        response = client.get(f"/classes/{pottery.pk}")

        nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
        inline = [
            attributes for attributes, _ in head_of(response).scripts if "src" not in attributes
        ]
        assert {attributes.get("type") for attributes in inline} == {
            None,
            "application/ld+json",
            "application/json",
        }
        assert all(attributes["nonce"] == nonce for attributes in inline)
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]

    def test_the_page_is_asked_again_on_every_visit_like_every_page(self, client, pottery):
        response = client.get(f"/classes/{pottery.pk}")

        assert sorted(response["Cache-Control"].split(", ")) == ["no-cache", "private"]

    @pytest.mark.parametrize("status", [ClassStatus.PENDING, ClassStatus.DENIED])
    def test_a_class_not_approved_is_a_404_with_the_app_and_no_details(
        self, client, admin_client, status
    ):
        camp_class = ClassFactory(status=status, name="Secret Glazes")

        # Not even to an admin signed in to the back office: the page's head is public.
        for browser in (client, admin_client):
            response = browser.get(f"/classes/{camp_class.pk}")

            head = head_of(response)
            assert response.status_code == 404
            assert head.title == GENERIC_TITLE
            assert head.meta["robots"] == "noindex"
            assert "Secret Glazes" not in response.content.decode()
            assert head.json_ld() == []
            assert not any(key.startswith("og:") for key in head.meta)

    def test_an_unknown_class_is_a_404_with_the_app(self, client):
        response = client.get("/classes/999999")

        assert response.status_code == 404
        assert head_of(response).title == GENERIC_TITLE


class TestAnInstructorPage:
    def test_the_head_has_their_name_bio_and_photo_and_a_person(self, client, maya, settings):
        settings.SCHOOL_NAME = "Camp Art & Craft School"

        response = client.get(f"/instructors/{maya.pk}")

        head = head_of(response)
        url = f"http://testserver/instructors/{maya.pk}"
        photo = "http://testserver/static/img/demo/people/maya-lindqvist.webp"
        description = (
            "Potter for twenty years. I teach wheel-throwing and hand-building to all ages."
        )
        assert response.status_code == 200
        assert head.title == "Maya Lindqvist | Camp"
        assert head.meta["description"] == description
        assert head.links["canonical"] == url
        assert (head.meta["og:type"], head.meta["og:title"], head.meta["og:url"]) == (
            "profile",
            "Maya Lindqvist",
            url,
        )
        assert head.meta["og:image"] == photo
        assert head.meta["twitter:card"] == "summary_large_image"
        assert head.json_ld() == [
            {
                "@context": "https://schema.org",
                "@type": "Person",
                "@id": url,
                "name": "Maya Lindqvist",
                "description": maya.bio,
                "url": url,
                "image": photo,
                "jobTitle": "Art and craft instructor",
                "worksFor": {
                    "@type": "Organization",
                    "name": "Camp Art & Craft School",
                    "url": "http://testserver/",
                },
            }
        ]

    def test_without_a_photo_or_bio_the_card_is_a_summary(self, client):
        aiko = UserFactory(role=Role.INSTRUCTOR, name="Aiko Tanaka", photo="", bio="")

        head = head_of(client.get(f"/instructors/{aiko.pk}"))

        assert "og:image" not in head.meta
        assert "twitter:image" not in head.meta
        assert head.meta["twitter:card"] == "summary"
        assert head.meta["description"].startswith("Aiko Tanaka teaches art and craft at ")
        assert "image" not in head.json_ld()[0]

    def test_the_host_a_page_is_reached_by_makes_its_addresses(self, client, maya, settings):
        settings.ALLOWED_HOSTS = ["camp.example"]

        head = head_of(client.get(f"/instructors/{maya.pk}", HTTP_HOST="camp.example", secure=True))

        assert head.links["canonical"] == f"https://camp.example/instructors/{maya.pk}"
        assert head.meta["og:image"] == (
            "https://camp.example/static/img/demo/people/maya-lindqvist.webp"
        )

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.ADMIN])
    def test_someone_who_is_not_an_instructor_is_a_404_with_the_app(self, client, role):
        person = UserFactory(role=role, name="Sam Student")

        response = client.get(f"/instructors/{person.pk}")

        head = head_of(response)
        assert response.status_code == 404
        assert head.title == GENERIC_TITLE
        assert head.meta["robots"] == "noindex"
        assert "Sam Student" not in response.content.decode()


@pytest.mark.parametrize("path", ["/", "/all-classes", "/all-instructors", "/classes/abc"])
def test_every_other_page_keeps_the_generic_head(client, path):
    response = client.get(path)

    head = head_of(response)
    assert response.status_code == 200
    assert head.title == GENERIC_TITLE
    assert head.meta["description"].startswith("Camp: summer camp art and craft school")
    assert "robots" not in head.meta
    assert head.json_ld() == []
    assert "canonical" not in head.links


class TestDescriptions:
    def test_a_short_text_is_kept_on_one_line(self):
        assert summary("Clay.\n\n  Glaze.  ") == "Clay. Glaze."

    def test_a_long_text_is_cut_at_a_word_with_an_ellipsis(self):
        text = "word " * 50

        cut = summary(text)

        assert len(cut) <= 160
        assert cut.endswith("word…")

    @pytest.mark.parametrize(
        ("hours", "minutes", "duration"),
        [(3, 0, "PT3H"), (1, 30, "PT1H30M"), (0, 45, "PT45M"), (15, 0, "PT15H")],
    )
    def test_durations_are_iso_8601(self, hours, minutes, duration):
        assert iso_duration(timedelta(hours=hours, minutes=minutes)) == duration


class TestInTheVisitorsLanguage:
    """The school's own words in the head are in the request's language; what people wrote
    stays as written. (The request's language is chosen from the visitor, Accept-Language
    among them, before the page is drawn; here it is set as that choice leaves it.)"""

    def spanish(self, client, path):
        with translation.override("es"):
            return client.get(path, HTTP_ACCEPT_LANGUAGE="es")

    def test_a_class_page_without_a_description_is_described_in_spanish(
        self, client, maya, settings
    ):
        settings.SCHOOL_NAME = "Camp"
        weaving = scheduled_class(
            start=school_today() + timedelta(days=30), instructor=maya, name="Loom Weaving"
        )
        weaving.description = ""
        weaving.save(update_fields=["description"])

        response = self.spanish(client, f"/classes/{weaving.pk}")
        head = head_of(response)

        description = (
            "Loom Weaving: una clase de arte y manualidades impartida por Maya Lindqvist en Camp."
        )
        assert '<html lang="es"' in response.content.decode()
        assert head.meta["og:locale"] == "es_419"
        assert head.title == "Loom Weaving | Camp"
        assert head.meta["description"] == head.meta["og:description"] == description
        assert head.json_ld()[0]["name"] == "Loom Weaving"
        assert "art and craft class" not in response.content.decode()

    def test_an_instructors_own_words_stay_and_the_schools_are_in_spanish(
        self, client, maya, settings
    ):
        settings.SCHOOL_NAME = "Camp"
        aiko = UserFactory(role=Role.INSTRUCTOR, name="Aiko Tanaka", photo="", bio="")

        with_bio = head_of(self.spanish(client, f"/instructors/{maya.pk}"))
        without = head_of(self.spanish(client, f"/instructors/{aiko.pk}"))

        assert with_bio.meta["description"].startswith("Potter for twenty years.")
        assert with_bio.json_ld()[0]["jobTitle"] == "Instructor de arte y manualidades"
        assert without.meta["description"] == "Aiko Tanaka enseña arte y manualidades en Camp."

    def test_the_contact_page_and_the_generic_head_are_in_spanish(self, client):
        contact = head_of(self.spanish(client, "/contact"))
        home = head_of(self.spanish(client, "/"))

        assert contact.title == "Contáctenos | Camp"
        assert contact.meta["description"].startswith("Escriba a ")
        assert contact.json_ld()[0]["name"] == "Contáctenos"
        assert home.meta["description"] == (
            "Camp: escuela de arte y manualidades con campamento de verano, enseñando desde 2003."
        )

    def test_an_english_visitor_reads_english(self, client):
        response = client.get("/contact", HTTP_ACCEPT_LANGUAGE="en")
        head = head_of(response)

        assert '<html lang="en"' in response.content.decode()
        assert head.meta["og:locale"] == "en_US"
        assert head.title == "Contact us | Camp"
