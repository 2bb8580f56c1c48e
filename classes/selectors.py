from django.db.models import QuerySet

from accounts.models import Role
from classes.models import Class, ClassStatus

POPULAR_CLASS_COUNT = 6


def _classes_with_instructor() -> QuerySet[Class]:
    # Every class answer shows the instructor's name and e-mail.
    return Class.objects.select_related("instructor")


def class_list_for(*, user) -> QuerySet[Class]:
    """All classes for an admin, who reviews them; only the approved ones for anyone else."""
    classes = _classes_with_instructor().order_by("id")
    if user.is_authenticated and user.role == Role.ADMIN:
        return classes
    return classes.filter(status=ClassStatus.APPROVED)


def popular_class_list() -> QuerySet[Class]:
    """The approved classes with the most enrolments; ties go to the older class."""
    return (
        _classes_with_instructor()
        .filter(status=ClassStatus.APPROVED)
        .order_by("-enroll", "id")[:POPULAR_CLASS_COUNT]
    )
