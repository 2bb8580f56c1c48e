"""Writes to accounts: sign-in, profile, roles, ending API tokens."""

import secrets
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.firebase import Identity
from accounts.models import RevokedToken, Role, User
from core.errors import Conflict, InvalidInput, NotFound, Refused
from core.validators import validate_image_url
from notifications.models import MessageKind
from notifications.services import message_queue

NAME_MAX_LENGTH = User._meta.get_field("name").max_length
PHOTO_MAX_LENGTH = User._meta.get_field("photo").max_length
BIO_MAX_LENGTH = User._meta.get_field("bio").max_length


class EmailNotVerified(Exception):
    """A sign-in that would take over a row it has not proven to own (no HTTP here)."""

    message = (
        "An account with this e-mail address already exists at Camp. Verify your e-mail "
        "address to use it: we can send you a verification e-mail."
    )


def _profile_of(identity: Identity) -> dict[str, str]:
    """The identity provider's name and photo, held to the rules the profile API applies.

    They come from whoever made the Firebase account, so a name too long for the column is cut
    and a photo that is not an image address of the web or this site is dropped.
    """
    name = " ".join(identity.name.split())[:NAME_MAX_LENGTH]
    photo = identity.photo.strip()
    try:
        if len(photo) > PHOTO_MAX_LENGTH:
            raise ValidationError("too long")
        if photo:
            validate_image_url(photo)
    except ValidationError:
        photo = ""
    return {"name": name, "photo": photo}


@transaction.atomic
def user_sign_in(*, identity: Identity, create: bool = True) -> User | None:
    """The account bound to a Firebase account, created as a student on its first sign-in
    (None instead when `create` is off: the back office makes nobody).

    A person is found by their Firebase uid. A row that exists for the address but is bound to
    no account yet (made before its owner signed in) or to another one (the Firebase account
    was deleted and made again) goes to this account only if its e-mail is verified: otherwise
    whoever signs up first with someone's address would inherit their row and role.
    """
    user = User.objects.select_for_update().filter(firebase_uid=identity.uid).first()
    if user is not None:
        return user
    user = User.objects.select_for_update().filter(email__iexact=identity.email).first()
    if user is not None:
        if not identity.email_verified:
            raise EmailNotVerified()
        user.firebase_uid = identity.uid
        user.save(update_fields=["firebase_uid"])
        return user
    if not create:
        return None
    try:
        with transaction.atomic():
            return User.objects.create(
                email=identity.email,
                firebase_uid=identity.uid,
                role=Role.STUDENT,
                is_staff=False,
                **_profile_of(identity),
            )
    except IntegrityError:
        # A twin request (two tabs signing in at once) made the row a moment ago.
        return User.objects.get(firebase_uid=identity.uid)


def token_revoke(*, jti: str, expires_at: datetime) -> None:
    """End an API token now (Log Out); a second call for the same token changes nothing."""
    RevokedToken.objects.get_or_create(jti=jti, defaults={"expires_at": expires_at})
    # Rows of tokens past their expiry guard nothing any more.
    RevokedToken.objects.filter(expires_at__lt=timezone.now()).delete()


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
    if first_time:
        message_queue(
            kind=MessageKind.WELCOME,
            about=f"user:{user.pk}",
            recipient=user.email,
            context={"name": user.name},
        )
    return first_time


def user_bio_set(*, user: User, bio: str) -> User:
    """An instructor's few words about themself, shown on their public page as plain text
    (the page escapes it; nothing in it is markup). Kept trimmed; 1,000 characters at most."""
    if user.role != Role.INSTRUCTOR:
        raise Refused("Only instructors have a bio.")
    bio = bio.strip()
    if len(bio) > BIO_MAX_LENGTH:
        raise InvalidInput({"bio": [f"Keep the bio to {BIO_MAX_LENGTH:,} characters or fewer."]})
    # The instructor's page and the public lists show the bio: the update tells them.
    User.objects.filter(pk=user.pk).update(bio=bio)
    user.bio = bio
    return user


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
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        raise NotFound("No such user.")
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
    if role in (Role.INSTRUCTOR, Role.ADMIN):
        message_queue(
            kind=MessageKind.ROLE_CHANGED,
            # Each change is its own message: made instructor, then admin, then instructor again.
            about=f"user:{user.pk}:{role}:{timezone.now().isoformat()}",
            recipient=user.email,
            context={"name": user.name, "role": role},
        )
    return 1


# 32 random bytes: 43 URL-safe characters, the whole secret of a calendar feed's address.
CALENDAR_TOKEN_BYTES = 32


def calendar_token_get_or_make(*, user: User) -> str:
    """The secret in the address of the person's calendar feed, made the first time it is asked
    for (never the e-mail or anything else that can be guessed)."""
    if user.calendar_token:
        return user.calendar_token
    # Only where none is set yet: of two first asks at once (two tabs), the first token made is
    # the one both answer.
    User.objects.filter(pk=user.pk, calendar_token__isnull=True).update(
        calendar_token=secrets.token_urlsafe(CALENDAR_TOKEN_BYTES)
    )
    user.calendar_token = User.objects.values_list("calendar_token", flat=True).get(pk=user.pk)
    return user.calendar_token


def calendar_token_reset(*, user: User) -> str:
    """A new secret for the person's calendar feed; the old address stops answering at once."""
    token = secrets.token_urlsafe(CALENDAR_TOKEN_BYTES)
    User.objects.filter(pk=user.pk).update(calendar_token=token)
    user.calendar_token = token
    return token
