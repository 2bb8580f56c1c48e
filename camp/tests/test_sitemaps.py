"""What search engines are told: robots.txt, and the sitemap of every public page."""

import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest

from accounts.models import Role
from classes.models import Class, ClassStatus
from core.school_time import school_today
from testing.factories import ClassFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
SITE = "http://testserver"


def xml_of(response) -> ET.Element:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/xml"
    # Not the browser app's page, which the catch-all route would answer.
    assert b'id="root"' not in response.content
    return ET.fromstring(response.content)  # noqa: S314 - our own answer, read in a test


def sections(client) -> list[str]:
    index = xml_of(client.get("/sitemap.xml"))
    assert index.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}sitemapindex"
    return [loc.text for loc in index.findall("s:sitemap/s:loc", NS)]


def every_url(client) -> dict[str, str | None]:
    """Each address the sitemap names, with its last change if it gives one."""
    urls = {}
    for section in sections(client):
        urlset = xml_of(client.get(section.removeprefix(SITE)))
        for url in urlset.findall("s:url", NS):
            lastmod = url.find("s:lastmod", NS)
            urls[url.find("s:loc", NS).text] = lastmod.text if lastmod is not None else None
    return urls


def test_the_sitemap_is_an_index_of_its_sections_at_the_request_s_host(client):
    assert sections(client) == [
        f"{SITE}/sitemap-pages.xml",
        f"{SITE}/sitemap-classes.xml",
        f"{SITE}/sitemap-instructors.xml",
    ]


def test_it_lists_exactly_the_public_pages_the_approved_classes_and_their_instructors(client):
    maya = UserFactory(role=Role.INSTRUCTOR)
    tomas = UserFactory(role=Role.INSTRUCTOR)
    # An instructor with nothing approved yet, a student and an admin have no page to list.
    waiting = UserFactory(role=Role.INSTRUCTOR)
    UserFactory(role=Role.STUDENT)
    UserFactory(role=Role.ADMIN)
    pottery = ClassFactory(instructor=maya, status=ClassStatus.APPROVED)
    weaving = ClassFactory(instructor=maya, status=ClassStatus.APPROVED)
    painting = ClassFactory(instructor=tomas, status=ClassStatus.APPROVED)
    ClassFactory(instructor=tomas, status=ClassStatus.PENDING)
    ClassFactory(instructor=waiting, status=ClassStatus.PENDING)
    ClassFactory(instructor=waiting, status=ClassStatus.DENIED)

    urls = every_url(client)

    assert set(urls) == {
        f"{SITE}/",
        f"{SITE}/all-classes",
        f"{SITE}/all-instructors",
        f"{SITE}/gallery",
        f"{SITE}/about",
        f"{SITE}/contact",
        f"{SITE}/terms",
        f"{SITE}/privacy",
        f"{SITE}/cookies",
        f"{SITE}/accessibility",
        f"{SITE}/classes/{pottery.pk}",
        f"{SITE}/classes/{weaving.pk}",
        f"{SITE}/classes/{painting.pk}",
        f"{SITE}/instructors/{maya.pk}",
        f"{SITE}/instructors/{tomas.pk}",
    }
    for camp_class in (pottery, weaving, painting):
        camp_class.refresh_from_db()
        assert urls[f"{SITE}/classes/{camp_class.pk}"] == camp_class.updated_at.date().isoformat()


def test_a_class_approved_later_joins_and_one_withdrawn_leaves(client):
    pottery = ClassFactory(status=ClassStatus.PENDING)
    before = every_url(client)

    Class.objects.filter(pk=pottery.pk).update(status=ClassStatus.APPROVED)
    approved = every_url(client)
    Class.objects.filter(pk=pottery.pk).update(status=ClassStatus.DENIED)
    withdrawn = every_url(client)

    page = f"{SITE}/classes/{pottery.pk}"
    instructor = f"{SITE}/instructors/{pottery.instructor_id}"
    assert page not in before and instructor not in before
    assert page in approved and instructor in approved
    assert page not in withdrawn and instructor not in withdrawn


def test_a_class_that_has_ended_leaves_the_sitemap_but_its_page_stays(client):
    """Search engines are sent to what can be booked: an ended class's page still answers (it
    points to the classes like it), but the sitemap no longer asks for it to be crawled."""
    today = school_today()
    ended = scheduled_class(start=today - timedelta(days=30))
    yesterday = scheduled_class(start=today - timedelta(days=1))
    coming = scheduled_class(start=today + timedelta(days=30), instructor=ended.instructor)

    urls = every_url(client)

    assert f"{SITE}/classes/{coming.pk}" in urls
    assert f"{SITE}/classes/{ended.pk}" not in urls
    assert f"{SITE}/classes/{yesterday.pk}" not in urls
    # Its instructor's page still shows it, with the classes to come.
    assert f"{SITE}/instructors/{ended.instructor_id}" in urls
    assert client.get(f"/classes/{ended.pk}").status_code == 200


def test_an_unknown_section_is_a_404(client):
    assert client.get("/sitemap-secrets.xml").status_code == 404


def test_the_addresses_follow_the_host_and_scheme_the_request_came_by(client, settings):
    settings.ALLOWED_HOSTS = ["camp.example"]
    pottery = ClassFactory(status=ClassStatus.APPROVED)

    index = xml_of(client.get("/sitemap.xml", HTTP_HOST="camp.example", secure=True))
    classes = xml_of(client.get("/sitemap-classes.xml", HTTP_HOST="camp.example", secure=True))

    assert index.find("s:sitemap/s:loc", NS).text == "https://camp.example/sitemap-pages.xml"
    assert [loc.text for loc in classes.findall("s:url/s:loc", NS)] == [
        f"https://camp.example/classes/{pottery.pk}"
    ]


def test_robots_txt_keeps_crawlers_out_of_the_private_parts_and_names_the_sitemap(client):
    response = client.get("/robots.txt")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode().splitlines() == [
        "User-agent: *",
        "Disallow: /dashboard",
        "Disallow: /admin",
        "",
        f"Sitemap: {SITE}/sitemap.xml",
    ]


def test_robots_txt_names_the_sitemap_at_the_host_it_was_asked_of(client, settings):
    settings.ALLOWED_HOSTS = ["camp.example"]

    response = client.get("/robots.txt", HTTP_HOST="camp.example", secure=True)

    assert "Sitemap: https://camp.example/sitemap.xml" in response.content.decode().splitlines()


@pytest.mark.parametrize("path", ["/robots.txt", "/sitemap.xml", "/sitemap-classes.xml"])
def test_crawler_files_may_be_kept_for_an_hour_and_only_read(client, path):
    response = client.get(path)
    refused = client.post(path)

    assert sorted(response["Cache-Control"].split(", ")) == ["max-age=3600", "public"]
    assert refused.status_code == 405
