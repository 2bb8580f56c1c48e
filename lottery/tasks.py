"""The lottery's periodic work, scheduled by celery beat (camp/settings/celery.py)."""

from celery import shared_task
from django.utils import timezone

from lottery.payment_window import payment_reminders_send


@shared_task
def payment_reminders() -> None:
    payment_reminders_send(now=timezone.now())
