"""The project's own periodic work, beside the apps' (camp/settings/celery.py schedules it)."""

from celery import shared_task

from camp.reports import season_reports_refresh


@shared_task
def season_reports() -> int:
    """The current seasons' reports made again, so the dashboard is answered from the cache."""
    return season_reports_refresh()
