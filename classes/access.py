"""Reading a class on someone's behalf: its instructor's, or any for an admin; an approved one
for anyone."""

from django.utils.translation import gettext as _

from accounts.models import Role, User
from classes.models import Class, ClassStatus
from classes.selectors import class_get
from core.errors import NotFound, Refused


def access_class_for_instructor(*, user: User, class_id: int, roster: bool = False) -> Class:
    """A class with its instructor, for that instructor or an admin (and, reading its `roster`,
    the office); refused to anyone else."""
    camp_class = class_get(class_id=class_id)
    if camp_class is None:
        raise NotFound(_("No such class."))
    readers = (Role.ADMIN, Role.OFFICE) if roster else (Role.ADMIN,)
    if camp_class.instructor_id != user.pk and user.role not in readers:
        raise Refused(_("You can only see your own classes."))
    return camp_class


def access_unit_for_instructor(
    *, user: User, class_id: int, unit_id: int, roster: bool = False
) -> Class:
    """A week or day of a series (`Class.unit_of`), for the series' instructor or an admin
    (`access_class_for_instructor`, as `roster` says); a unit of another series is not found."""
    series = access_class_for_instructor(user=user, class_id=class_id, roster=roster)
    unit = class_get(class_id=unit_id)
    if unit is None or unit.unit_of_id != series.pk:
        raise NotFound(_("No such week or day of this class."))
    return unit


def access_class_for_viewer(*, user, class_id: int) -> Class:
    """A class with its instructor, as its page shows it: an approved class to anyone (signed in
    or not), any other to its instructor and admins. To anyone else it is not found, so the ids
    of classes waiting for review reveal nothing."""
    camp_class = class_get(class_id=class_id)
    if camp_class is None or not _may_view(user, camp_class):
        raise NotFound(_("No such class."))
    return camp_class


def sees_review_of(*, user, camp_class: Class) -> bool:
    """Whether this person follows the class's review: its instructor and admins, who see it
    in any status and read the admin's feedback with it."""
    return bool(
        user.is_authenticated and (camp_class.instructor_id == user.pk or user.role == Role.ADMIN)
    )


def _may_view(user, camp_class: Class) -> bool:
    return camp_class.status == ClassStatus.APPROVED or sees_review_of(
        user=user, camp_class=camp_class
    )
