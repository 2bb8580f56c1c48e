"""The catalog's periodic work, scheduled by celery beat (camp/settings/celery.py)."""

from celery import shared_task

from classes.changes import class_change_notices_due
from classes.services import review_digest_send


@shared_task
def review_digest() -> None:
    review_digest_send()


@shared_task
def class_change_notices() -> None:
    class_change_notices_due()
