"""Enrolment's Celery tasks; the rules are in enrolments/services/."""

from celery import shared_task

from enrolments import services
from enrolments.services.class_reminders import class_reminders_due


@shared_task
def holds_tidy() -> None:
    services.holds_tidy()


@shared_task
def care_reminders() -> None:
    services.care_reminders_due()


@shared_task
def care_retention() -> None:
    services.care_retention_pass()


@shared_task
def class_reminders() -> None:
    class_reminders_due()
