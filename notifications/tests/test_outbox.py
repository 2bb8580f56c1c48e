"""The outbox: one row per thing to tell, sent once, retried when the server says "later",
failed when it says "never"; against a real SMTP server where the sending is the question."""

import sqlite3
from datetime import timedelta

import psycopg
import pytest
from django.core import mail
from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone

from accounts.message_kinds import AccountMessage
from classes.message_kinds import ClassMessage
from classes.models import ClassStatus
from notifications.models import Message, MessageStatus
from notifications.sending import STUCK_AFTER, TemporaryFailure, message_send, outbox_sweep
from notifications.services import message_queue, message_resend
from notifications.tasks import message_send_task
from payments.message_kinds import PaymentMessage
from testing.factories import ClassFactory
from testing.servers import database_url

pytestmark = pytest.mark.django_db


def welcome(recipient="sam@camp.test", about="user:1") -> Message:
    return message_queue(
        kind=AccountMessage.WELCOME, about=about, recipient=recipient, context={"name": "Sam"}
    )


def test_a_message_is_a_rendered_row_queued_once_whatever_the_number_of_calls():
    first = welcome()
    again = welcome()

    assert again.pk == first.pk
    assert Message.objects.count() == 1
    assert first.status == MessageStatus.QUEUED
    assert first.subject == "Welcome to Camp"
    assert "Hello Sam," in first.text
    assert "<h1>Welcome to Camp</h1>" in first.html


def test_the_same_kind_about_the_same_thing_for_someone_else_is_another_message():
    welcome(recipient="sam@camp.test")
    welcome(recipient="ada@camp.test")

    assert Message.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_message_is_written_with_the_change_it_reports_or_not_at_all():
    with pytest.raises(RuntimeError), transaction.atomic():
        welcome()
        raise RuntimeError("The change failed after the message was queued.")

    assert not Message.objects.exists()


def test_the_database_refuses_a_second_first_sending():
    message = welcome()

    with pytest.raises(IntegrityError), transaction.atomic():
        Message.objects.create(
            kind=message.kind,
            about=message.about,
            recipient=message.recipient,
            subject="Again",
            text="Again",
            html="Again",
            send_after=timezone.now(),
        )


def test_sending_delivers_text_html_and_the_schools_reply_to():
    message = welcome()

    sent = message_send(message_id=message.pk)

    assert sent.status == MessageStatus.SENT
    assert sent.sent_at is not None
    assert sent.attempts == 1
    [email] = mail.outbox
    assert email.to == ["sam@camp.test"]
    assert email.subject == "Welcome to Camp"
    assert email.reply_to == ["office@camp.test"]
    assert email.alternatives[0].mimetype == "text/html"
    assert "Welcome to Camp" in email.alternatives[0].content


def test_a_row_is_sent_by_the_first_worker_to_claim_it_only():
    message = welcome()

    assert message_send(message_id=message.pk) is not None
    assert message_send(message_id=message.pk) is None
    assert len(mail.outbox) == 1


def test_a_row_being_sent_by_another_worker_is_not_sent_again():
    message = welcome()
    Message.objects.filter(pk=message.pk).update(
        status=MessageStatus.SENDING, sending_at=timezone.now()
    )

    assert message_send(message_id=message.pk) is None
    assert mail.outbox == []


def test_a_scheduled_message_is_not_sent_before_its_time():
    message = message_queue(
        kind=AccountMessage.WELCOME,
        about="user:1",
        recipient="sam@camp.test",
        context={},
        send_after=timezone.now() + timedelta(minutes=10),
    )

    assert message_send(message_id=message.pk) is None
    assert mail.outbox == []


def test_over_smtp_the_message_arrives_once_with_both_parts(smtp_sink):
    message = welcome()

    message_send(message_id=message.pk)

    [received] = smtp_sink.messages()
    assert received["To"] == "sam@camp.test"
    assert received["Subject"] == "Welcome to Camp"
    assert received["X-Camp-Message"] == str(message.pk)
    assert "Hello Sam," in received.get_body(preferencelist=("plain",)).get_content()
    assert "<h1>Welcome to Camp</h1>" in received.get_body(preferencelist=("html",)).get_content()


def test_a_temporary_refusal_queues_the_row_again_with_a_wait_then_it_is_sent(smtp_sink):
    smtp_sink.refusals.append("451 4.3.0 Mailbox busy, try again later")
    message = welcome()

    with pytest.raises(TemporaryFailure) as failure:
        message_send(message_id=message.pk)

    message.refresh_from_db()
    assert message.status == MessageStatus.QUEUED
    assert "451" in message.last_error
    assert message.send_after > timezone.now()
    assert failure.value.retry_in == timedelta(seconds=30)
    assert smtp_sink.messages() == []

    Message.objects.filter(pk=message.pk).update(send_after=timezone.now())
    sent = message_send(message_id=message.pk)

    assert sent.status == MessageStatus.SENT
    assert sent.attempts == 2
    assert len(smtp_sink.messages()) == 1


def test_the_task_retries_a_refused_message_until_the_server_takes_it(smtp_sink, settings):
    settings.OUTBOX_FIRST_RETRY_SECONDS = 0
    smtp_sink.refusals.extend(["451 4.3.0 Busy", "421 4.7.0 Closing, try later"])
    message = welcome()

    # Celery runs the task here, retries included, as a worker would.
    message_send_task.apply(args=[message.pk])

    message.refresh_from_db()
    assert message.status == MessageStatus.SENT
    assert message.attempts == 3
    assert len(smtp_sink.messages()) == 1


class _RowHeldByAnotherWriter:
    """Another connection writing the message's row, as a long transaction would, until the
    first statement of ours that the database refuses for it."""

    def __init__(self, message: Message):
        self.message = message
        self.refused = 0

    def __enter__(self):
        if connection.vendor == "sqlite":
            # The suite's in-memory database, shared by its connections: a table one of them is
            # writing is refused to the others at once ("database table is locked").
            self.other = sqlite3.connect(
                connection.settings_dict["NAME"], uri=True, isolation_level=None
            )
            self.other.execute("BEGIN")
            self.other.execute(
                "UPDATE notifications_message SET last_error = '' WHERE id = ?", [self.message.pk]
            )
        else:
            self.other = psycopg.connect(database_url().replace("postgres://", "postgresql://"))
            self.other.execute(
                "SELECT id FROM notifications_message WHERE id = %s FOR UPDATE", [self.message.pk]
            )
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '200ms'")
        return self

    def release_when_refused(self, execute, sql, params, many, context):
        try:
            return execute(sql, params, many, context)
        except OperationalError:
            if self.other is not None:
                self.refused += 1
                self._release()
            raise

    def _release(self):
        if connection.vendor == "sqlite":
            self.other.execute("ROLLBACK")
        else:
            self.other.rollback()
        self.other.close()
        self.other = None

    def __exit__(self, *exc):
        if self.other is not None:
            self._release()
        if connection.vendor != "sqlite":
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")


@pytest.mark.django_db(transaction=True)
def test_a_row_another_writer_holds_is_claimed_again_shortly_and_sent_once(smtp_sink):
    message = welcome()

    with (
        _RowHeldByAnotherWriter(message) as other_writer,
        connection.execute_wrapper(other_writer.release_when_refused),
    ):
        result = message_send_task.apply(args=[message.pk])

    assert other_writer.refused == 1
    assert result.successful(), result.traceback
    message.refresh_from_db()
    assert message.status == MessageStatus.SENT
    assert message.attempts == 1
    assert len(smtp_sink.messages()) == 1


def test_a_permanent_refusal_fails_the_row_for_good(smtp_sink):
    smtp_sink.refusals.append("550 5.1.1 No such mailbox")
    message = welcome()

    failed = message_send(message_id=message.pk)

    assert failed.status == MessageStatus.FAILED
    assert "550" in failed.last_error
    assert failed.failed_at is not None
    assert message_send(message_id=message.pk) is None
    assert smtp_sink.messages() == []


def test_a_server_that_does_not_answer_is_a_temporary_failure(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 9
    message = welcome()

    with pytest.raises(TemporaryFailure):
        message_send(message_id=message.pk)

    message.refresh_from_db()
    assert message.status == MessageStatus.QUEUED


def test_the_sweep_requeues_a_row_whose_worker_died_and_hands_over_what_is_due():
    stuck, due, fresh, sent = (welcome(about=f"user:{n}") for n in range(4))
    long_ago = timezone.now() - STUCK_AFTER - timedelta(minutes=1)
    Message.objects.filter(pk=stuck.pk).update(status=MessageStatus.SENDING, sending_at=long_ago)
    Message.objects.filter(pk=due.pk).update(send_after=long_ago)
    Message.objects.filter(pk=sent.pk).update(
        status=MessageStatus.SENT, sent_at=long_ago, send_after=long_ago
    )

    handed = outbox_sweep(now=timezone.now() + timedelta(minutes=5))

    stuck.refresh_from_db()
    assert stuck.status == MessageStatus.QUEUED
    assert set(handed) == {stuck.pk, due.pk, fresh.pk}


def test_the_sweep_leaves_a_row_being_sent_now_alone():
    message = welcome()
    Message.objects.filter(pk=message.pk).update(
        status=MessageStatus.SENDING, sending_at=timezone.now()
    )

    assert outbox_sweep() == []
    message.refresh_from_db()
    assert message.status == MessageStatus.SENDING


def test_a_resend_is_a_new_row_marked_as_such_and_sent_again():
    original = welcome()
    message_send(message_id=original.pk)

    resend = message_resend(message_id=original.pk)
    message_send(message_id=resend.pk)

    assert resend.pk != original.pk
    assert resend.resend_of == original
    assert resend.text == original.text
    assert len(mail.outbox) == 2


def test_a_persons_messages_go_out_in_order_even_when_the_first_is_retried(smtp_sink):
    smtp_sink.refusals.append("451 4.3.0 Busy")
    receipt = welcome(about="payment:1")
    refund = message_queue(
        kind=PaymentMessage.REFUND_MADE,
        about="payment:1",
        recipient="sam@camp.test",
        context={"class_name": "Raku", "amount": "$10.00"},
    )
    for_someone_else = welcome(recipient="ada@camp.test")

    with pytest.raises(TemporaryFailure):
        message_send(message_id=receipt.pk)
    # The refund waits for the receipt it follows; another person's mail does not.
    assert message_send(message_id=refund.pk) is None
    assert message_send(message_id=for_someone_else.pk).status == MessageStatus.SENT

    Message.objects.filter(pk=receipt.pk).update(send_after=timezone.now())
    message_send(message_id=receipt.pk)
    message_send(message_id=refund.pk)

    received = [m["X-Camp-Kind"] for m in smtp_sink.messages() if m["To"] == "sam@camp.test"]
    assert received == [AccountMessage.WELCOME, PaymentMessage.REFUND_MADE]


def test_a_message_held_for_later_does_not_hold_back_the_ones_due_before_it():
    held = message_queue(
        kind=AccountMessage.WELCOME,
        about="user:1",
        recipient="sam@camp.test",
        context={},
        send_after=timezone.now() + timedelta(minutes=10),
    )
    now = welcome(about="user:2")

    assert message_send(message_id=now.pk).status == MessageStatus.SENT
    assert message_send(message_id=held.pk) is None


def test_a_failed_message_does_not_hold_back_the_next_of_its_thread(smtp_sink):
    # Refused for what it says, not for where it goes: the next one is tried.
    smtp_sink.refusals.append("554 5.6.0 Message content rejected")
    receipt = welcome(about="payment:1")
    refund = message_queue(
        kind=PaymentMessage.REFUND_MADE,
        about="payment:1",
        recipient="sam@camp.test",
        context={"class_name": "Raku", "amount": "$10.00"},
    )

    assert message_send(message_id=receipt.pk).status == MessageStatus.FAILED
    assert message_send(message_id=refund.pk).status == MessageStatus.SENT


def test_a_message_being_retried_holds_back_only_its_own_thread(smtp_sink):
    smtp_sink.refusals.append("451 4.3.0 Busy")
    stuck = welcome(about="contact:1", recipient="office@camp.test")
    unrelated = welcome(about="contact:2", recipient="office@camp.test")

    with pytest.raises(TemporaryFailure):
        message_send(message_id=stuck.pk)

    assert message_send(message_id=unrelated.pk).status == MessageStatus.SENT


def test_a_classs_schedule_changes_reach_a_person_in_the_order_they_were_made(smtp_sink):
    smtp_sink.refusals.append("451 4.3.0 Busy")
    changes = [
        message_queue(
            kind=ClassMessage.SCHEDULE_CHANGED,
            about=f"class:7:schedule:{moment}",
            in_order_of="class:7:schedule",
            recipient="sam@camp.test",
            context={"class_name": "Raku", "class_id": 7, "meetings": [], "cancelled": []},
        )
        for moment in ("09:00", "09:05")
    ]

    with pytest.raises(TemporaryFailure):
        message_send(message_id=changes[0].pk)

    assert message_send(message_id=changes[1].pk) is None


def test_a_subject_is_plain_text_not_escaped_html(client_as, people):
    camp_class = ClassFactory(
        instructor=people["instructor"], status=ClassStatus.PENDING, name="Paint & Sip at O'Neil"
    )

    answer = client_as("admin").patch(f"/api/classes/approved/{camp_class.pk}")

    assert answer.status_code == 200
    assert Message.objects.get(kind=ClassMessage.CLASS_APPROVED).subject == (
        "Your class is approved: Paint & Sip at O'Neil"
    )
