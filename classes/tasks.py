"""The catalog's periodic work, scheduled by celery beat (camp/settings/celery.py)."""

from celery import shared_task

from classes.services import review_digest_send


@shared_task
def review_digest() -> None:
    review_digest_send()
