from django.db.models import QuerySet

from accounts.models import Role, User


def instructor_list() -> QuerySet[User]:
    return User.objects.filter(role=Role.INSTRUCTOR).order_by("id")


def user_list() -> QuerySet[User]:
    return User.objects.order_by("id")


def user_by_email(*, email: str) -> User | None:
    return User.objects.filter(email=email).first()


def admin_list() -> QuerySet[User]:
    """Everyone who runs the school, active accounts only."""
    return User.objects.filter(role=Role.ADMIN, is_active=True).order_by("id")
