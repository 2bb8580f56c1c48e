"""What an instructor hears of a review, and what admins hear of classes waiting for one."""

from datetime import date

import pytest

from accounts.models import Role
from classes.message_kinds import ClassMessage
from classes.models import ClassStatus
from classes.services import review_digest_send
from notifications.models import Message, MessageStatus
from testing.factories import ClassFactory, UserFactory
from testing.outbox import html_of, send_queued

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]


@pytest.fixture
def proposed(people):
    return ClassFactory(
        name="Raku Firing", status=ClassStatus.PENDING, instructor=people["instructor"]
    )


def test_an_approval_is_told_to_the_instructor_at_once(client_as, proposed):
    client_as("admin").patch(f"/api/classes/approved/{proposed.pk}")
    client_as("admin").patch(f"/api/classes/approved/{proposed.pk}")

    [email] = send_queued()
    assert email.to == [proposed.instructor.email]
    assert email.subject == "Your class is approved: Raku Firing"
    assert "Raku Firing is approved" in email.body
    assert "<strong>Raku Firing</strong> is approved" in html_of(email)


def test_a_denial_waits_for_the_feedback_written_after_it_and_carries_it(client_as, proposed):
    client_as("admin").patch(f"/api/classes/denied/{proposed.pk}")
    client_as("admin").patch(
        f"/api/classes/feedback/{proposed.pk}",
        {"feedback": "Please say which clay <and glazes> you use."},
        format="json",
    )

    assert send_queued() == []
    [email] = send_queued(including_scheduled=True)
    assert email.to == [proposed.instructor.email]
    assert email.subject == "Your class was not approved: Raku Firing"
    assert "Please say which clay <and glazes> you use." in email.body
    assert "Please say which clay &lt;and glazes&gt; you use." in html_of(email)


def test_feedback_after_the_denial_went_out_does_not_change_what_was_sent(client_as, proposed):
    client_as("admin").patch(f"/api/classes/denied/{proposed.pk}")
    send_queued(including_scheduled=True)

    client_as("admin").patch(
        f"/api/classes/feedback/{proposed.pk}", {"feedback": "Too late."}, format="json"
    )

    message = Message.objects.get(kind=ClassMessage.CLASS_DENIED)
    assert message.status == MessageStatus.SENT
    assert "Too late." not in message.text


def test_a_class_denied_changed_and_denied_again_is_told_twice(client_as, people, proposed):
    client_as("admin").patch(f"/api/classes/denied/{proposed.pk}")
    proposed.refresh_from_db()
    proposed.status = ClassStatus.PENDING
    proposed.save(update_fields=["status"])
    client_as("admin").patch(f"/api/classes/denied/{proposed.pk}")

    assert Message.objects.filter(kind=ClassMessage.CLASS_DENIED).count() == 2


def test_admins_hear_once_a_day_of_every_class_waiting(people, proposed):
    ClassFactory(name="Loom Weaving", status=ClassStatus.PENDING)
    ClassFactory(name="Already Listed", status=ClassStatus.APPROVED)
    other_admin = UserFactory(role=Role.ADMIN, email="ada@camp.test")
    UserFactory(role=Role.ADMIN, email="gone@camp.test", is_active=False)

    assert review_digest_send(today=date(2027, 7, 1)) == 2
    assert review_digest_send(today=date(2027, 7, 1)) == 2

    emails = send_queued()
    assert sorted(email.to[0] for email in emails) == sorted(
        [people["admin"].email, other_admin.email]
    )
    for email in emails:
        assert email.subject == "2 classes waiting for review"
        assert "Raku Firing" in email.body and "Loom Weaving" in email.body
        assert "Already Listed" not in email.body
    assert review_digest_send(today=date(2027, 7, 2)) == 2


def test_no_digest_when_nothing_waits(people):
    ClassFactory(status=ClassStatus.APPROVED)

    assert review_digest_send() == 0
    assert not Message.objects.exists()
