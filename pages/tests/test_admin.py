"""The back office: admins edit the pages' text and read what visitors wrote."""

import pytest

from accounts.models import Role
from pages.models import ContactMessage, SitePage
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

PAGES = "/admin/pages/sitepage/"
MESSAGES = "/admin/pages/contactmessage/"


@pytest.fixture
def school_admin(client):
    client.force_login(UserFactory(role=Role.ADMIN))
    return client


def test_an_admin_by_role_edits_a_page_s_text(school_admin):
    about = SitePage.objects.get(slug="about")

    listed = school_admin.get(PAGES)
    saved = school_admin.post(
        f"{PAGES}{about.pk}/change/",
        {"title": "About the school", "body": "We paint.\n\n## Since 2003\n\nStill painting."},
    )

    assert listed.status_code == 200
    assert set(listed.context["cl"].result_list) == set(SitePage.objects.all())
    assert saved.status_code == 302
    about.refresh_from_db()
    assert about.title == "About the school"
    assert about.body == "We paint.\n\n## Since 2003\n\nStill painting."
    # The address is fixed: the footer links to it.
    assert about.slug == "about"


def test_no_page_is_removed_and_none_added_while_all_are_there(school_admin):
    about = SitePage.objects.get(slug="about")

    assert school_admin.get(f"{PAGES}{about.pk}/delete/").status_code == 403
    assert school_admin.get(f"{PAGES}add/").status_code == 403


def test_a_missing_page_may_be_added_back(school_admin):
    SitePage.objects.filter(slug="terms").delete()

    response = school_admin.post(
        f"{PAGES}add/", {"slug": "terms", "title": "Terms of use", "body": "Be kind."}
    )

    assert response.status_code == 302
    assert SitePage.objects.get(slug="terms").body == "Be kind."


def test_an_admin_reads_contact_messages_but_never_edits_them(school_admin):
    message = ContactMessage.objects.create(
        name="Ada Lopez", email="ada@family.test", message="Is there parking nearby?"
    )

    listed = school_admin.get(MESSAGES, {"q": "parking"})
    opened = school_admin.get(f"{MESSAGES}{message.pk}/change/")

    assert list(listed.context["cl"].result_list) == [message]
    assert opened.status_code == 200
    assert "Is there parking nearby?" in opened.content.decode()
    assert school_admin.get(f"{MESSAGES}add/").status_code == 403
    assert school_admin.get(f"{MESSAGES}{message.pk}/delete/").status_code == 403


def test_instructors_do_not_enter(client):
    client.force_login(UserFactory(role=Role.INSTRUCTOR))

    assert client.get(PAGES).status_code == 302
