"""What Celery beat runs is a task the workers know."""

from django.conf import settings

from camp.celery import app


def test_every_scheduled_task_is_one_the_workers_run():
    app.loader.import_default_modules()

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}

    assert "enrolments.tasks.holds_tidy" in scheduled
    assert scheduled <= set(app.tasks)
