"""Attendance's Celery task. Named as it was when attendance was part of enrolments, so the beat
entry and any task already queued under that name still run it."""

from celery import shared_task

from attendance import services


@shared_task(name="enrolments.tasks.attendance_checks")
def attendance_checks() -> None:
    services.attendance_checks_due()
