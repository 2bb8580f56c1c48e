"""An address as a place to write to: announcements carry a one-click unsubscribe (RFC 8058)
and stop when it is used, while mail about a family's enrolments still comes; an address the
server refuses for good, or the provider reports bouncing, is written to no more until fixed;
a calendar goes with a message as text/calendar with its METHOD. Over a real SMTP server."""

import base64

import pytest
from icalendar import Calendar

from accounts.message_kinds import AccountMessage
from accounts.models import Role
from notifications.mailboxes import mailbox_for
from notifications.models import Mailbox, Message, MessageStatus
from notifications.sending import message_send
from notifications.services import message_queue
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Camp//Tests//EN\r\nMETHOD:PUBLISH\r\n"
    "BEGIN:VEVENT\r\nUID:class-1-2027-07-05@camp.test\r\nDTSTAMP:20270101T000000Z\r\n"
    "DTSTART:20270705T160000Z\r\nDTEND:20270705T190000Z\r\nSUMMARY:Clay\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


def welcome(recipient="sam@camp.test", about="user:1", **more) -> Message | None:
    return message_queue(
        kind=AccountMessage.WELCOME,
        about=about,
        recipient=recipient,
        context={"name": "Sam"},
        **more,
    )


def test_an_announcement_carries_a_one_click_unsubscribe_and_a_link(smtp_sink, settings):
    message = welcome(announcement=True)

    message_send(message_id=message.pk)

    [received] = smtp_sink.messages()
    token = Mailbox.objects.get(address="sam@camp.test").token
    site = settings.SITE_URL.rstrip("/")
    assert received["List-Unsubscribe"].strip() == f"<{site}/api/unsubscribe/{token}>"
    assert received["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = received.get_body(preferencelist=("plain",)).get_content()
    assert (
        f"Stop announcements (mail about your enrolments still comes): {site}/unsubscribe/{token}"
        in text
    )
    html = received.get_body(preferencelist=("html",)).get_content()
    assert f'<a href="{site}/unsubscribe/{token}">Stop announcements</a>' in html


def test_mail_about_ones_enrolment_has_no_unsubscribe(smtp_sink):
    message_send(message_id=welcome().pk)

    [received] = smtp_sink.messages()
    assert received["List-Unsubscribe"] is None
    assert "Stop announcements" not in received.get_body(preferencelist=("plain",)).get_content()


def test_the_one_click_post_stops_announcements_and_nothing_else(api_client, smtp_sink):
    welcome(announcement=True, about="news:1")
    token = Mailbox.objects.get(address="sam@camp.test").token

    # What a mail program posts for its own Unsubscribe button (RFC 8058), signed in or not.
    answer = api_client.post(
        f"/api/unsubscribe/{token}",
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )

    assert answer.status_code == 200
    assert answer.json() == {"address": "s…@camp.test", "announcements": False}
    assert welcome(announcement=True, about="news:2") is None
    assert welcome(about="user:1").status == MessageStatus.QUEUED
    assert api_client.get(f"/api/unsubscribe/{token}").json()["announcements"] is False


def test_an_unknown_unsubscribe_link_is_a_404(api_client):
    assert api_client.post("/api/unsubscribe/not-a-token").status_code == 404
    assert api_client.get("/api/unsubscribe/not-a-token").status_code == 404


def test_an_address_refused_for_good_is_not_tried_again_until_it_is_fixed(
    smtp_sink, api_client_for
):
    user = UserFactory(role=Role.STUDENT, email="gone@camp.test")
    smtp_sink.refusals.append("550 5.1.1 No such mailbox")
    first = welcome(recipient="gone@camp.test", about="user:1")
    message_send(message_id=first.pk)
    as_user = api_client_for(user)
    shown = as_user.get("/api/profile/mail").json()
    assert (shown["announcements"], shown["undeliverable"]) == (True, True)
    assert "550" in shown["undeliverableReason"]

    second = message_send(message_id=welcome(recipient="gone@camp.test", about="user:2").pk)

    # Failed without asking the server: it would have accepted this one.
    assert second.status == MessageStatus.FAILED
    assert second.last_error.startswith("The address refuses mail: ")
    assert smtp_sink.messages() == []
    fixed = as_user.patch("/api/profile/mail", {"undeliverable": False}, format="json")
    assert fixed.json()["undeliverable"] is False
    message_send(message_id=welcome(recipient="gone@camp.test", about="user:3").pk)
    assert len(smtp_sink.messages()) == 1


def test_the_providers_bounce_webhook_marks_the_address_undeliverable(client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "camp:webhook-secret"}
    secret = base64.b64encode(b"camp:webhook-secret").decode()

    # Postmark's bounce webhook as Postmark posts it, read by django-anymail's own view.
    answer = client.post(
        "/anymail/postmark/tracking/",
        {
            "RecordType": "Bounce",
            "Type": "HardBounce",
            "TypeCode": 1,
            "Email": "Bounced@Camp.test",
            "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
            "Description": "The server was unable to deliver your message.",
            "Details": "smtp;550 5.1.1 The email account does not exist.",
            "BouncedAt": "2027-06-01T10:00:00Z",
        },
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Basic {secret}",
    )

    assert answer.status_code == 200
    mailbox = mailbox_for("bounced@camp.test")
    assert mailbox.undeliverable_since is not None
    assert mailbox.undeliverable_reason.startswith("The address bounced (Postmark)")


def test_a_delay_the_provider_retries_is_not_a_refusal(client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "camp:webhook-secret"}
    secret = base64.b64encode(b"camp:webhook-secret").decode()

    client.post(
        "/anymail/postmark/tracking/",
        {
            "RecordType": "Bounce",
            "Type": "Transient",
            "TypeCode": 2,
            "Email": "busy@camp.test",
            "MessageID": "883953f4-6105-42a2-a16a-77a8eac79484",
            "Description": "The server could not temporarily deliver your message.",
            "BouncedAt": "2027-06-01T10:00:00Z",
        },
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Basic {secret}",
    )

    assert mailbox_for("busy@camp.test").undeliverable_since is None


def test_a_calendar_goes_as_text_calendar_with_its_method(smtp_sink):
    message_send(message_id=welcome(calendar=ICS).pk)

    [received] = smtp_sink.messages()
    [part] = [p for p in received.iter_attachments() if p.get_content_type() == "text/calendar"]
    assert part.get_param("method") == "PUBLISH"
    assert part.get_filename() == "class.ics"
    [event] = Calendar.from_ical(part.get_content()).walk("VEVENT")
    assert str(event["UID"]) == "class-1-2027-07-05@camp.test"


def test_the_family_turns_announcements_off_and_on_in_my_profile(api_client_for):
    user = UserFactory(role=Role.STUDENT, email="ana@camp.test")
    as_user = api_client_for(user)

    off = as_user.patch("/api/profile/mail", {"announcements": False}, format="json")

    assert off.status_code == 200 and off.json()["announcements"] is False
    assert welcome(recipient="ana@camp.test", announcement=True) is None
    assert as_user.patch("/api/profile/mail", {}, format="json").status_code == 400
    refused = as_user.patch("/api/profile/mail", {"undeliverable": True}, format="json")
    assert list(refused.json()["errors"]) == ["undeliverable"]


def test_a_message_refused_for_what_it_says_leaves_the_address_alone(smtp_sink):
    smtp_sink.refusals.append("554 5.7.1 Message rejected as spam")

    assert message_send(message_id=welcome().pk).status == MessageStatus.FAILED

    assert mailbox_for("sam@camp.test").undeliverable_since is None
    assert message_send(message_id=welcome(about="user:2").pk).status == MessageStatus.SENT
