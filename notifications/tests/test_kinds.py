"""Message kinds belong to the apps that send them (notifications/kinds.py)."""

from pathlib import Path

import pytest
from django.apps import apps

from accounts.message_kinds import AccountMessage
from notifications import kinds
from notifications.services import message_queue
from pages.message_kinds import PageMessage

pytestmark = pytest.mark.django_db

SENDERS = [
    "accounts",
    "classes",
    "care",
    "enrolments",
    "class_messages",
    "attendance",
    "health",
    "artwork",
    "lottery",
    "payments",
    "front_desk",
    "pages",
]


@pytest.mark.parametrize("kind", kinds.registered())
def test_each_kind_is_one_sending_app_s_with_its_templates_beside_it(kind):
    app = kinds.app_of(kind)
    templates = Path(apps.get_app_config(app).path) / "templates" / "notifications"

    assert app in SENDERS
    for name in (f"{kind}.subject.txt", f"{kind}.txt", f"{kind}.html"):
        assert (templates / name).is_file(), f"{app} sends {kind} without {name}"


def test_every_app_that_sends_mail_registered_its_kinds():
    assert {kinds.app_of(kind) for kind in kinds.registered()} == set(SENDERS)
    assert kinds.label_of(AccountMessage.WELCOME) == "Welcome"


def test_a_kind_is_one_app_s_only():
    with pytest.raises(ValueError, match="'contact_message' is sent by pages already"):
        kinds.register(PageMessage, app="accounts")


def test_the_outbox_queues_no_kind_that_no_app_sends():
    with pytest.raises(ValueError, match="No app sends messages of the kind 'newsletter'"):
        message_queue(kind="newsletter", about="x:1", recipient="a@camp.test", context={})
