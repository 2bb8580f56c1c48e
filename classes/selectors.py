from django.db.models import QuerySet

from accounts.models import Role
from classes.models import Class, ClassStatus

POPULAR_CLASS_COUNT = 6


def classes_for_answers() -> QuerySet[Class]:
    # Every class answer shows the instructor's name and e-mail, and its category; its meetings
    # come from its schedule (classes.schedule.meetings_of), with no query.
    return Class.objects.select_related("instructor", "category")


def class_list_for(*, user, status: str | None = None) -> QuerySet[Class]:
    """All classes for an admin, who reviews them; only the approved ones for anyone else.

    `status` narrows the list further: an admin's review queue, or All Classes for an admin.
    """
    classes = classes_for_answers().order_by("id")
    if not (user.is_authenticated and user.role == Role.ADMIN):
        classes = classes.filter(status=ClassStatus.APPROVED)
    if status:
        classes = classes.filter(status=status)
    return classes


def popular_class_list() -> QuerySet[Class]:
    """The approved classes with the most enrolments; ties go to the older class."""
    return (
        classes_for_answers()
        .filter(status=ClassStatus.APPROVED)
        .order_by("-enroll", "id")[:POPULAR_CLASS_COUNT]
    )


def class_list_by_instructor(*, email: str) -> QuerySet[Class]:
    """Every class an instructor has proposed, whatever its review says."""
    return classes_for_answers().filter(instructor__email=email).order_by("id")


def class_get(*, class_id: int) -> Class | None:
    return classes_for_answers().filter(pk=class_id).first()


def pending_classes() -> QuerySet[Class]:
    """Classes waiting for an admin's review, the longest waiting first."""
    return classes_for_answers().filter(status=ClassStatus.PENDING).order_by("created_at")
