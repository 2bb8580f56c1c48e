"""Reading a class on someone's behalf: its instructor's, or any for an admin."""

from accounts.models import Role, User
from classes.models import Class
from classes.selectors import class_get
from core.errors import NotFound, Refused


def access_class_for_instructor(*, user: User, class_id: int) -> Class:
    """A class with its instructor, for that instructor or an admin; refused to anyone else."""
    camp_class = class_get(class_id=class_id)
    if camp_class is None:
        raise NotFound("No such class.")
    if camp_class.instructor_id != user.pk and user.role != Role.ADMIN:
        raise Refused("You can only see your own classes.")
    return camp_class
