"""The outbox's Celery tasks, and the handing of rows to them; the rules are in
notifications/sending.py."""

from celery import shared_task
from django.db import OperationalError, transaction

from core.contention import RETRY_AFTER_SECONDS, is_contention
from notifications import sending
from notifications.models import Message


def message_hand_over(message: Message) -> None:
    """A worker sends the row once the transaction that wrote it (or let it go) commits."""
    # robust: a broker that is down does not undo the change; the sweep hands the row over.
    transaction.on_commit(lambda: message_send_task.delay(message.pk), robust=True)


@shared_task(bind=True, max_retries=sending.MAX_ATTEMPTS)
def message_send_task(self, message_id: int) -> None:
    try:
        given_back = sending.message_send(message_id=message_id)
    except sending.TemporaryFailure as failure:
        # The row is queued again and due after the wait; past the last attempt it is failed
        # by message_send itself.
        raise self.retry(countdown=failure.retry_in.total_seconds()) from failure
    except OperationalError as error:
        if not is_contention(error):
            raise
        # Another writer held the row past the database's wait. Asked again shortly rather than
        # left to the sweep minutes later; the retry claims the row afresh, so a message already
        # sent or being sent is not sent again.
        raise self.retry(countdown=RETRY_AFTER_SECONDS) from error
    if given_back is None:
        return
    # Sent or failed for good, it no longer holds back the next of its thread.
    following = sending.message_following(given_back)
    if following is not None:
        message_hand_over(following)


@shared_task
def outbox_sweep() -> None:
    for message_id in sending.outbox_sweep():
        message_send_task.delay(message_id)
