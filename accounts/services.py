"""Writes to accounts: sign-in, profile, roles."""

from django.db import transaction
from django.utils import timezone

from accounts.firebase import Identity
from accounts.models import Role, User
from camp.api import Conflict


@transaction.atomic
def user_sign_in(*, identity: Identity) -> User:
    """The account for a verified identity, created as a student on first sign-in."""
    user, _ = User.objects.get_or_create(
        email=identity.email,
        defaults={
            "name": identity.name,
            "photo": identity.photo,
            "role": Role.STUDENT,
            "is_staff": False,
        },
    )
    return user


@transaction.atomic
def user_register_profile(*, user: User, name: str, photo: str) -> bool:
    """Save name and photo; True the first time the person registers their profile."""
    user = User.objects.select_for_update().get(pk=user.pk)
    first_time = user.registered_at is None
    user.name = name
    user.photo = photo
    if first_time:
        user.registered_at = timezone.now()
    user.save(update_fields=["name", "photo", "registered_at"])
    return first_time


@transaction.atomic
def user_set_role(*, user_id: int, role: str) -> int:
    """Give a user a role; the number of users changed (0 when they already had it)."""
    if role not in Role.values:
        raise ValueError(f"Unknown role {role!r}.")
    # Lock every admin first, in one order, so two concurrent demotions cannot both pass.
    admin_ids = list(
        User.objects.select_for_update()
        .filter(role=Role.ADMIN)
        .order_by("id")
        .values_list("id", flat=True)
    )
    user = User.objects.select_for_update().get(pk=user_id)
    # Django admin's staff flag mirrors the role, so the two can never tell different stories.
    is_staff = role == Role.ADMIN or user.is_superuser
    if user.role == role:
        if user.is_staff != is_staff:
            user.is_staff = is_staff
            user.save(update_fields=["is_staff"])
        return 0
    if user.role == Role.ADMIN and admin_ids == [user.pk]:
        raise Conflict(
            "The last admin cannot be given another role. Make someone else admin first."
        )
    user.role = role
    user.is_staff = is_staff
    user.save(update_fields=["role", "is_staff"])
    return 1
