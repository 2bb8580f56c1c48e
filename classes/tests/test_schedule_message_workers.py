"""An instructor's edit through a real server process, sent twice, moves a class's meetings once:
a real Celery worker delivers one message per person holding a seat to a real SMTP server.
PostgreSQL only: the processes share the test database. The school here tells changes at once
(CLASS_CHANGE_NOTICE_DELAY_MINUTES 0), so the edit's own transaction queues them."""

from datetime import time as clock

import pytest
import requests
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from classes.message_kinds import ClassMessage
from notifications.models import Message, MessageStatus
from testing.dates import summer
from testing.factories import EnrolmentFactory, UserFactory, scheduled_class
from testing.servers import celery_workers, gunicorn_servers, wait_for, wait_until_workers_idle

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_schedule_change_reaches_each_seat_holder_once(worker_env, smtp_sink, tmp_path):
    instructor = UserFactory(role=Role.INSTRUCTOR)
    pottery = scheduled_class(
        name="Wheel Pottery",
        start=summer(6, 14),
        end=summer(6, 16),
        days=(0, 2),
        hours=(clock(9), clock(12)),
        instructor=instructor,
    )
    holders = [UserFactory(role=Role.STUDENT) for _ in range(2)]
    for student in holders:
        EnrolmentFactory(student=student, camp_class=pottery)
    body = {
        "nameClass": pottery.name,
        "seats": pottery.seats,
        "price": str(pottery.price),
        "image": pottery.image,
        "startTime": "10:00",
        "endTime": "13:00",
    }
    headers = {"Authorization": f"Bearer {AccessToken.for_user(instructor)}"}

    told_at_once = {**worker_env, "CLASS_CHANGE_NOTICE_DELAY_MINUTES": "0"}
    with (
        gunicorn_servers(env=told_at_once, logs=tmp_path, count=1) as [server],
        celery_workers(env=worker_env, logs=tmp_path, queue=worker_env["CELERY_QUEUE"]),
    ):
        for _ in range(2):  # the edit, and its retry
            edited = requests.put(
                f"{server}/api/classes/{pottery.pk}", json=body, headers=headers, timeout=60
            )
            assert edited.status_code == 200, edited.text
        wait_for(lambda: len(smtp_sink.messages()) >= 2, "the messages to reach the sink")
        # A third, were one on its way, would be queued or held by the worker until then.
        wait_until_workers_idle(
            broker_url=worker_env["CELERY_BROKER_URL"],
            queue=worker_env["CELERY_QUEUE"],
            logs=tmp_path,
        )

    received = smtp_sink.messages()
    assert sorted(email["To"] for email in received) == sorted(p.email for p in holders)
    for email in received:
        assert email["Subject"] == "Changed: Wheel Pottery"
        text = email.get_body(preferencelist=("plain",)).get_content()
        assert "Monday, June 14: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT" in text
    messages = Message.objects.filter(kind=ClassMessage.SCHEDULE_CHANGED)
    assert [message.status for message in messages] == [MessageStatus.SENT] * 2
