"""Health and safety's Celery tasks, run by the beat (camp/settings/celery.py)."""

from celery import shared_task

from health.services.incidents import incidents_past_retention


@shared_task(name="health.tasks.incident_retention")
def incident_retention() -> int:
    """The incident reports whose retention ended, deleted once a day."""
    return incidents_past_retention()
