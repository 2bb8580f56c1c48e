"""The outbox's Celery tasks; the rules are in notifications/services.py."""

from celery import shared_task
from django.db import OperationalError

from core.contention import RETRY_AFTER_SECONDS, is_contention
from notifications import services


@shared_task(bind=True, max_retries=services.MAX_ATTEMPTS)
def message_send_task(self, message_id: int) -> None:
    try:
        services.message_send(message_id=message_id)
    except services.TemporaryFailure as failure:
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


@shared_task
def outbox_sweep() -> None:
    for message_id in services.outbox_sweep():
        message_send_task.delay(message_id)
