"""The outbox's Celery tasks; the rules are in notifications/services.py."""

from celery import shared_task

from notifications import services


@shared_task(bind=True, max_retries=services.MAX_ATTEMPTS)
def message_send_task(self, message_id: int) -> None:
    try:
        services.message_send(message_id=message_id)
    except services.TemporaryFailure as failure:
        # The row is queued again and due after the wait; past the last attempt it is failed
        # by message_send itself.
        raise self.retry(countdown=failure.retry_in.total_seconds()) from failure


@shared_task
def outbox_sweep() -> None:
    for message_id in services.outbox_sweep():
        message_send_task.delay(message_id)
