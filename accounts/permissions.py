"""Who may call what: roles are always read from our database, never from the request."""

from django.utils.translation import gettext_lazy
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated

from accounts.models import Role


class _HasRole(BasePermission):
    role: str = ""
    message = gettext_lazy("You do not have permission to do this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.role == self.role)


class IsAdmin(_HasRole):
    role = Role.ADMIN
    message = gettext_lazy("Only admins may do this.")


class IsInstructor(_HasRole):
    role = Role.INSTRUCTOR
    message = gettext_lazy("Only instructors may do this.")


class IsStudent(_HasRole):
    role = Role.STUDENT
    message = gettext_lazy("Only students may do this.")


class IsInstructorOrAdmin(BasePermission):
    """Instructors and admins: a class's own pages (the class's instructor is checked by the
    access helper that reads it)."""

    message = gettext_lazy("Only instructors and admins may do this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.role in (Role.INSTRUCTOR, Role.ADMIN))


class IsOfficeOrAdmin(BasePermission):
    """The school's office and admins: the front desk, and the attendance sheets."""

    message = gettext_lazy("Only the office and admins may do this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.role in (Role.OFFICE, Role.ADMIN))


class IsStudentOrAdmin(BasePermission):
    """A family's own rows (the access helper or selector narrows a family to its own), and
    admins all of them."""

    message = gettext_lazy("Only families and admins may do this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.role in (Role.STUDENT, Role.ADMIN))


class IsStudentInstructorOrAdmin(BasePermission):
    """A child's health records (incident reports, documents): the family, the child's
    instructors and admins, each narrowed to their own by the access helper that reads the row;
    never the office, whose work is the front desk, not a child's health."""

    message = gettext_lazy("Only families, instructors and admins may do this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(
            user
            and user.is_authenticated
            and user.role in (Role.STUDENT, Role.INSTRUCTOR, Role.ADMIN)
        )


class ReadsRosters(BasePermission):
    """A class's roster: its instructor (checked by the access helper that reads the class),
    the office and admins. The office reads, never writes: only safe methods let it in."""

    message = gettext_lazy("Only instructors, the office and admins may read a roster.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        if user.role == Role.OFFICE:
            return request.method in SAFE_METHODS
        return user.role in (Role.INSTRUCTOR, Role.ADMIN)


__all__ = [
    "IsAdmin",
    "IsAuthenticated",
    "IsInstructor",
    "IsInstructorOrAdmin",
    "IsOfficeOrAdmin",
    "IsStudent",
    "IsStudentInstructorOrAdmin",
    "IsStudentOrAdmin",
    "ReadsRosters",
]
