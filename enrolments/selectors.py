"""Reads of enrolment: a student's selections and classes, a class's roster."""

from django.db.models import QuerySet

from accounts.models import User
from classes.models import Class, Meeting
from classes.selectors import calendar_meetings, classes_for_answers
from enrolments.models import Enrolment, EnrolmentStatus, Selection


def selection_list_for(*, student: User) -> QuerySet[Selection]:
    """A student's selections, each with its class and instructor for the list's columns."""
    return (
        Selection.objects.filter(student=student)
        .select_related("student", "camp_class__instructor")
        .order_by("id")
    )


def enrolled_class_list_for(*, student: User) -> QuerySet[Class]:
    """The classes a student is enrolled in, the latest enrolment first.

    One row per class: a student holds at most one seat per class (a unique constraint).
    """
    return (
        classes_for_answers()
        .filter(enrolments__student=student, enrolments__status=EnrolmentStatus.ACTIVE)
        .order_by("-enrolments__created_at", "-enrolments__id")
    )


def roster_for(*, classes: QuerySet[Class]) -> QuerySet[Enrolment]:
    """Who holds a seat in these classes, with the payment that bought it, class by class."""
    return (
        Enrolment.objects.filter(camp_class__in=classes, status=EnrolmentStatus.ACTIVE)
        .select_related("camp_class", "student", "payment")
        .order_by("camp_class__name", "camp_class_id", "student__name", "id")
    )


def calendar_meetings_for(*, student: User) -> QuerySet[Meeting]:
    """Every meeting of the classes a student holds a seat in, for their calendar feed: cancelled
    meetings too, so calendars learn they are off. Selections and seats given back are not
    there; a class whose schedule is to be announced has no meetings yet."""
    return calendar_meetings(
        classes=Enrolment.objects.filter(student=student, status=EnrolmentStatus.ACTIVE).values(
            "camp_class_id"
        )
    )
