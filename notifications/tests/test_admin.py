"""The back office's outbox: who was sent what and when, the HTML as sent, and Resend."""

import pytest

from accounts.message_kinds import AccountMessage
from notifications.mailboxes import mailbox_for, mailbox_undeliverable
from notifications.models import Message, MessageStatus
from notifications.sending import message_send
from notifications.services import message_queue

pytestmark = pytest.mark.django_db

OUTBOX = "/admin/notifications/message/"


@pytest.fixture
def welcome():
    message = message_queue(
        kind=AccountMessage.WELCOME,
        about="user:1",
        recipient="sam@camp.test",
        context={"name": "Sam <b>Potter</b>"},
    )
    return message_send(message_id=message.pk)


def test_the_outbox_lists_and_filters_messages_by_status(admin_client, welcome):
    queued = message_queue(
        kind=AccountMessage.WELCOME, about="user:2", recipient="ada@camp.test", context={}
    )

    everything = admin_client.get(OUTBOX)
    sent = admin_client.get(OUTBOX, {"status__exact": "sent"})
    by_recipient = admin_client.get(OUTBOX, {"q": "ada@"})

    assert everything.status_code == 200
    assert set(everything.context["cl"].result_list) == {welcome, queued}
    assert list(sent.context["cl"].result_list) == [welcome]
    assert list(by_recipient.context["cl"].result_list) == [queued]


def test_a_message_shows_its_html_sandboxed_and_its_text(admin_client, welcome):
    page = admin_client.get(f"{OUTBOX}{welcome.pk}/change/").content.decode()

    assert "<iframe sandbox" in page
    # The HTML goes into srcdoc escaped, so none of it runs or leaks into the admin page.
    assert 'srcdoc="&lt;!doctype html&gt;' in page
    assert "Sam &amp;lt;b&amp;gt;Potter&amp;lt;/b&amp;gt;" in page
    assert "Hello Sam &lt;b&gt;Potter&lt;/b&gt;," in page


def test_nobody_edits_or_deletes_a_message(admin_client, welcome):
    assert admin_client.post(f"{OUTBOX}{welcome.pk}/change/", {"subject": "x"}).status_code == 403
    assert admin_client.post(f"{OUTBOX}{welcome.pk}/delete/", {"post": "yes"}).status_code == 403
    assert admin_client.get(f"{OUTBOX}add/").status_code == 403


def test_resend_makes_a_new_row_marked_as_a_resend(admin_client, welcome):
    response = admin_client.post(
        OUTBOX, {"action": "resend_selected", "_selected_action": [welcome.pk]}, follow=True
    )

    assert response.status_code == 200
    resend = Message.objects.exclude(pk=welcome.pk).get()
    assert (resend.resend_of, resend.status, resend.text) == (
        welcome,
        MessageStatus.QUEUED,
        welcome.text,
    )
    assert "1 queued again" in response.content.decode()


MAILBOXES = "/admin/notifications/mailbox/"


def test_admins_see_the_addresses_refusing_mail_and_mark_one_working_again(admin_client):
    refused = mailbox_undeliverable(address="gone@camp.test", reason="550 5.1.1 no such user")
    mailbox_for("fine@camp.test")

    listed = admin_client.get(MAILBOXES, {"refused": "yes"})
    page = admin_client.get(MAILBOXES)
    marked = admin_client.post(
        MAILBOXES, {"action": "mark_working", "_selected_action": [refused.pk]}, follow=True
    )

    assert [m.address for m in listed.context["cl"].result_list] == ["gone@camp.test"]
    assert "550 5.1.1 no such user" in page.content.decode()
    assert refused.token not in page.content.decode()
    assert "1 marked as working again." in marked.content.decode()
    refused.refresh_from_db()
    assert (refused.undeliverable_since, refused.undeliverable_reason) == (None, "")
    assert list(admin_client.get(MAILBOXES, {"refused": "yes"}).context["cl"].result_list) == []
