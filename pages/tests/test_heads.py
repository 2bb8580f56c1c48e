"""The browser app's pages of the school, served with their own title in the head."""

import json
import re

import pytest

from pages.models import SitePage

pytestmark = pytest.mark.django_db


def title_of(response) -> str:
    return re.search(r"<title>(.*?)</title>", response.content.decode(), re.S).group(1)


def json_ld(response) -> dict:
    block = re.search(
        r'<script type="application/ld\+json"[^>]*>(.*?)</script>', response.content.decode(), re.S
    )
    return json.loads(block.group(1))


@pytest.mark.parametrize(
    ("path", "title", "kind"),
    [
        ("/about", "About us | Camp", "AboutPage"),
        ("/terms", "Terms of use | Camp", "WebPage"),
        ("/privacy", "Privacy policy | Camp", "WebPage"),
        ("/cookies", "Cookie policy | Camp", "WebPage"),
        ("/accessibility", "Accessibility statement | Camp", "WebPage"),
        ("/contact", "Contact us | Camp", "ContactPage"),
    ],
)
def test_each_page_has_its_title_and_the_app(client, path, title, kind):
    response = client.get(path)

    assert response.status_code == 200
    assert b'id="root"' in response.content
    assert title_of(response) == title
    data = json_ld(response)
    assert data["@type"] == kind
    assert data["url"] == f"http://testserver{path}"
    assert data["publisher"]["name"] == "Camp Art & Craft School"


def test_the_description_is_the_page_s_own_words_without_its_marks(client):
    SitePage.objects.filter(slug="terms").update(
        title="Terms", body="## Accounts\n\n- Keep your password to yourself."
    )

    response = client.get("/terms")

    assert title_of(response) == "Terms | Camp"
    assert '<meta name="description" content="Accounts Keep your password to yourself.">' in (
        response.content.decode()
    )


def test_a_title_an_admin_wrote_is_escaped(client):
    SitePage.objects.filter(slug="about").update(title="About <us> & you")

    response = client.get("/about")

    assert title_of(response) == "About &lt;us&gt; &amp; you | Camp"
