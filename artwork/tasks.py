"""Children's artwork's Celery tasks, run by the beat (camp/settings/celery.py)."""

from celery import shared_task

from artwork.services.news import artwork_news_send


@shared_task(name="artwork.tasks.artwork_news")
def artwork_news() -> int:
    """Each family told, once a day, of its children's new pieces and those ready."""
    return artwork_news_send()
