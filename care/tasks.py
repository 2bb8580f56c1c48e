"""The care app's periodic work, scheduled by celery beat (camp/settings/celery.py)."""

from celery import shared_task

from care.services import document_reminders_send


@shared_task
def document_reminders() -> None:
    document_reminders_send()
