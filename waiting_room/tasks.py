"""The waiting room's Celery task. Named as it was when the room was part of enrolments, so the
beat entry and any task already queued under that name still run it."""

from celery import shared_task

from waiting_room import line


@shared_task(name="enrolments.tasks.waiting_room_sync")
def waiting_room_sync() -> None:
    line.waiting_room_sync()
