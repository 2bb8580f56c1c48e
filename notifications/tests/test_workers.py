"""Real Celery workers, a real broker (Redis), a real SMTP server: two workers handed the same
rows twice each send every row once, and a worker retries a refusing server until it takes the
message. Several processes share the database: PostgreSQL only, as every multi-process test.
(The receipt of a real payment through workers: payments/tests/test_receipt_workers.py.)
"""

import pytest

from accounts.message_kinds import AccountMessage
from notifications.models import Message, MessageStatus
from notifications.services import message_queue
from notifications.tasks import message_send_task
from testing.servers import celery_workers, wait_for, wait_until_workers_idle

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 60


def test_two_workers_handed_the_same_rows_send_each_once(worker_env, smtp_sink, tmp_path):
    messages = [
        message_queue(
            kind=AccountMessage.WELCOME,
            about=f"user:{number}",
            recipient=f"family{number}@camp.test",
            context={"name": f"Family {number}"},
        )
        for number in range(30)
    ]
    queue = worker_env["CELERY_QUEUE"]
    with message_send_task.app.connection_for_write(worker_env["CELERY_BROKER_URL"]) as broker:
        for _ in range(2):
            for message in messages:
                message_send_task.apply_async(
                    (message.pk,), queue=queue, connection=broker, retry=False
                )

    with celery_workers(env=worker_env, logs=tmp_path, queue=queue, count=2):
        wait_for(
            lambda: Message.objects.filter(status=MessageStatus.SENT).count() == len(messages),
            "every row to be sent",
        )
        # A second sending of a row would still be queued or held by a worker until then.
        wait_until_workers_idle(
            broker_url=worker_env["CELERY_BROKER_URL"], queue=queue, logs=tmp_path
        )

    received = [m["X-Camp-Message"] for m in smtp_sink.messages()]
    assert sorted(received) == sorted(str(message.pk) for message in messages)
    ran = [(tmp_path / f"worker-{n}.log").read_text().count("succeeded") for n in range(2)]
    # Every hand-over ran, and both workers took part: the race was run, not avoided.
    assert sum(ran) == 2 * len(messages)
    assert min(ran) > 0


def test_a_worker_retries_a_refusing_server_until_it_takes_the_message(
    worker_env, smtp_sink, tmp_path
):
    smtp_sink.refusals.extend(["451 4.3.0 Busy", "451 4.3.0 Still busy"])
    message = message_queue(
        kind=AccountMessage.WELCOME, about="user:1", recipient="sam@camp.test", context={}
    )
    queue = worker_env["CELERY_QUEUE"]
    with message_send_task.app.connection_for_write(worker_env["CELERY_BROKER_URL"]) as broker:
        message_send_task.apply_async((message.pk,), queue=queue, connection=broker)

    with celery_workers(env=worker_env, logs=tmp_path, queue=queue):
        wait_for(
            lambda: Message.objects.filter(pk=message.pk, status=MessageStatus.SENT).exists(),
            "the message to be sent after two refusals",
        )

    message.refresh_from_db()
    assert message.attempts == 3
    assert len(smtp_sink.messages()) == 1
