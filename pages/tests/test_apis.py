"""GET /api/pages/{slug} and POST /api/contact, as a visitor calls them."""

from unittest import mock

import pytest
from django.core import mail

from notifications.models import Message, MessageStatus
from notifications.sending import TemporaryFailure, message_send
from pages.apis import CONTACT_THANKS
from pages.defaults import SEED_PAGES
from pages.message_kinds import PageMessage
from pages.models import ContactMessage, SitePage
from testing.factories import UserFactory
from testing.outbox import html_of, send_queued

pytestmark = pytest.mark.django_db

SENT = {"name": "Ada Lopez", "email": "ada@family.test", "message": "Is there parking nearby?"}


def contact(client, **changes):
    return client.post("/api/contact", {**SENT, **changes}, format="json")


class TestPages:
    def test_a_page_answers_its_slug_title_body_and_last_change(self, api_client):
        page = SitePage.objects.get(slug="privacy")
        page.body = "We keep little.\n\n## Who sees it\n\n- You"
        page.save()

        response = api_client.get("/api/pages/privacy")

        assert response.status_code == 200
        assert response.json() == {
            "slug": "privacy",
            "title": "Privacy policy",
            "body": "We keep little.\n\n## Who sees it\n\n- You",
            "updatedAt": page.updated_at.isoformat().replace("+00:00", "Z"),
        }

    @pytest.mark.parametrize("slug", ["about", "terms", "privacy", "cookies", "accessibility"])
    def test_every_footer_page_answers(self, api_client, slug):
        assert api_client.get(f"/api/pages/{slug}").status_code == 200

    @pytest.mark.parametrize("slug", ["contact", "blog", "ABOUT"])
    def test_an_unknown_slug_is_a_404(self, api_client, slug):
        response = api_client.get(f"/api/pages/{slug}")

        assert response.status_code == 404
        assert response.json() == {"message": "The school has no such page."}

    def test_a_page_whose_row_is_gone_shows_its_first_text(self, api_client):
        SitePage.objects.filter(slug="cookies").delete()

        response = api_client.get("/api/pages/cookies")

        title, body = SEED_PAGES["cookies"]
        assert response.status_code == 200
        assert response.json() == {
            "slug": "cookies",
            "title": title,
            "body": body,
            "updatedAt": None,
        }

    def test_an_access_token_changes_nothing(self, api_client_for, people):
        body = api_client_for(people["admin"]).get("/api/pages/about").json()

        assert body["title"] == "About us"


class TestContact:
    def test_a_message_is_kept_and_the_sender_thanked(self, api_client):
        response = contact(api_client)

        assert response.status_code == 201
        assert response.json() == {"message": CONTACT_THANKS}
        [kept] = ContactMessage.objects.all()
        assert (kept.name, kept.email, kept.message) == (
            "Ada Lopez",
            "ada@family.test",
            "Is there parking nearby?",
        )

    def test_it_is_queued_once_to_the_office_with_the_sender_as_reply_to(
        self, api_client, settings
    ):
        settings.SCHOOL_REPLY_TO = "office@camp.test"
        contact(api_client)
        kept = ContactMessage.objects.get()

        [queued] = Message.objects.all()

        assert queued.kind == PageMessage.CONTACT_MESSAGE
        assert queued.about == f"contact:{kept.pk}"
        assert queued.recipient == "office@camp.test"
        assert queued.reply_to == "ada@family.test"
        assert queued.status == MessageStatus.QUEUED
        assert queued.subject == "Contact page: a message from Ada Lopez"
        assert "Is there parking nearby?" in queued.text

        [email] = send_queued()
        assert email.to == ["office@camp.test"]
        assert email.reply_to == ["ada@family.test"]
        assert "ada@family.test" in email.body
        # Sent once: a second round finds nothing left to send.
        assert send_queued() == [email]
        assert len(mail.outbox) == 1

    def test_two_messages_are_two_e_mails(self, api_client):
        contact(api_client)
        contact(api_client, message="And may I bring a friend?")

        assert Message.objects.filter(kind=PageMessage.CONTACT_MESSAGE).count() == 2

    def test_what_a_visitor_writes_is_shown_in_the_e_mail_never_run(self, api_client):
        contact(api_client, name="Ada O'Brien", message="<script>alert(1)</script> & more")

        [email] = send_queued()

        assert email.subject == "Contact page: a message from Ada O'Brien"
        assert "<script>alert(1)</script> & more" in email.body
        html = html_of(email)
        assert "<script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html

    def test_the_message_and_its_e_mail_are_kept_together_or_not_at_all(self, api_client):
        failing = mock.patch("pages.services.message_queue", side_effect=RuntimeError("down"))
        with failing, pytest.raises(RuntimeError):
            contact(api_client)

        assert not ContactMessage.objects.exists()

    def test_surrounding_spaces_are_dropped(self, api_client):
        contact(api_client, name="  Ada  ", email=" ada@family.test ", message="\n Hello \n")

        kept = ContactMessage.objects.get()
        assert (kept.name, kept.email, kept.message) == ("Ada", "ada@family.test", "Hello")

    @pytest.mark.parametrize(
        ("field", "value", "error"),
        [
            ("name", "", "Please tell us your name."),
            ("name", "   ", "Please tell us your name."),
            ("name", "A" * 101, "Your name must be at most 100 characters."),
            ("email", "", "Please give an e-mail address we can answer."),
            ("email", "ada-at-family", "Please give an e-mail address we can answer."),
            ("message", "", "Please write your message."),
            ("message", "x" * 5001, "Your message must be at most 5000 characters."),
        ],
        ids=["no name", "blank name", "long name", "no e-mail", "bad e-mail", "empty", "long"],
    )
    def test_bad_input_is_a_400_naming_the_field(self, api_client, field, value, error):
        response = contact(api_client, **{field: value})

        assert response.status_code == 400
        assert response.json() == {
            "message": f"Please check these fields: {field}.",
            "errors": {field: [error]},
        }
        assert not ContactMessage.objects.exists()
        assert not Message.objects.exists()

    def test_every_missing_field_is_named(self, api_client):
        response = api_client.post("/api/contact", {}, format="json")

        assert response.status_code == 400
        assert set(response.json()["errors"]) == {"name", "email", "message"}

    def test_a_filled_honeypot_is_thanked_and_nothing_is_kept_or_sent(self, api_client):
        response = contact(api_client, website="https://cheap-pills.example")

        assert response.status_code == 201
        assert response.json() == {"message": CONTACT_THANKS}
        assert not ContactMessage.objects.exists()
        assert not Message.objects.exists()

    def test_an_empty_honeypot_is_a_person(self, api_client):
        assert contact(api_client, website="").status_code == 201
        assert ContactMessage.objects.count() == 1

    def test_the_call_after_the_limit_answers_429(self, api_client, settings):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                "contact": "2/hour",
            },
        }

        statuses = [contact(api_client).status_code for _ in range(2)]
        refused = contact(api_client)

        assert statuses == [201, 201]
        assert refused.status_code == 429
        assert refused.json()["message"].startswith("Request was throttled.")
        assert int(refused["Retry-After"]) > 0
        assert ContactMessage.objects.count() == 2

    def test_new_accounts_from_one_address_share_its_limit(self, api_client_for, settings):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                "contact": "2/hour",
                "contact_address": "3/hour",
            },
        }
        # Four fresh accounts, each well within its own limit, all from one machine.
        accounts = [api_client_for(UserFactory()) for _ in range(4)]

        statuses = [contact(client).status_code for client in accounts]

        assert statuses == [201, 201, 201, 429]
        assert ContactMessage.objects.count() == 3

    def test_an_e_mail_the_office_cannot_take_yet_does_not_hold_back_the_next(
        self, api_client, smtp_sink
    ):
        # The office's server is busy for the first message only.
        smtp_sink.refusals.append("451 4.3.0 Try again later")
        contact(api_client, message="First question")
        contact(api_client, message="Second question")
        first, second = Message.objects.order_by("pk")

        with pytest.raises(TemporaryFailure):
            message_send(message_id=first.pk)
        sent = message_send(message_id=second.pk)

        assert sent.status == MessageStatus.SENT
        assert [m["X-Camp-Message"] for m in smtp_sink.messages()] == [str(second.pk)]

    def test_the_limit_comes_from_its_setting(self):
        from camp.settings import base

        assert base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["contact"] == "5/hour"
        assert base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["contact_address"] == "20/hour"
