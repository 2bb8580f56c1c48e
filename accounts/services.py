"""Writes to accounts: sign-in, profile, roles, ending API tokens."""

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import firebase
from accounts.access import access_participant
from accounts.firebase import Identity
from accounts.message_kinds import AccountMessage
from accounts.models import Participant, RevokedToken, Role, SignInLink, User
from core import events
from core.errors import Conflict, InvalidInput, NotFound, ProviderUnavailable, Refused, TooMany
from core.language import DAY_AND_YEAR, said
from core.school_time import school_today
from core.validators import validate_image_url
from notifications.services import message_queue

NAME_MAX_LENGTH = User._meta.get_field("name").max_length
PHOTO_MAX_LENGTH = User._meta.get_field("photo").max_length
BIO_MAX_LENGTH = User._meta.get_field("bio").max_length
SELF_DEMOTION_REFUSAL = gettext_lazy(
    "You cannot take away your own admin role. Another admin can change it."
)


class EmailNotVerified(Exception):
    """A sign-in that would take over a row it has not proven to own (no HTTP here)."""

    message = gettext_lazy(
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
            raise ValidationError(_("too long"))
        if photo:
            validate_image_url(photo)
    except ValidationError:
        photo = ""
    return {"name": name, "photo": photo}


@transaction.atomic
def user_sign_in(*, identity: Identity, create: bool = True, language: str = "") -> User | None:
    """The account bound to a Firebase account, created as a student on its first sign-in
    (None instead when `create` is off: the back office makes nobody). An account whose language
    was never set keeps `language`, the one its owner is reading the site in as they sign in.
    """
    language = language if language in dict(settings.LANGUAGES) else ""
    user = _account_signed_in(identity=identity, create=create, language=language)
    if user is not None and not user.language and language:
        user.language = language
        user.save(update_fields=["language"])
    return user


def _account_signed_in(*, identity: Identity, create: bool, language: str) -> User | None:
    """The account of `user_sign_in`.

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
            user = User.objects.create(
                email=identity.email,
                firebase_uid=identity.uid,
                role=Role.STUDENT,
                is_staff=False,
                language=language,
                **_profile_of(identity),
            )
            # A new account has no holder yet: made without asking first.
            Participant.objects.create(
                account=user, is_account_holder=True, **_name_fields(user.name)
            )
            return user
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
        # The name the person registers under is "Myself"'s too; later they edit it in the
        # family page, where a name change is theirs to make.
        named = Participant.objects.filter(account=user, is_account_holder=True).update(
            **_name_fields(name), updated_at=timezone.now()
        )
        if not named:
            account_holder_of(user)
    if first_time:
        message_queue(
            kind=AccountMessage.WELCOME,
            about=f"user:{user.pk}",
            recipient=user.email,
            context={"name": user.name},
        )
        events.publish(events.PERSON_REGISTERED, user=user)
    return first_time


def _name_problems(name: str) -> list[str]:
    if not name:
        return [_("Give your name: the school shows it on your classes and messages.")]
    if len(name) > NAME_MAX_LENGTH:
        return [
            _("Name must be at most %(NAME_MAX_LENGTH)s characters.")
            % {"NAME_MAX_LENGTH": NAME_MAX_LENGTH}
        ]
    return []


def _photo_problems(photo: str) -> list[str]:
    # The rule every image address of the site follows: an upload (a path on this site, or the
    # bucket's URL) or an http(s) address, as registration's photo URL is.
    if len(photo) > PHOTO_MAX_LENGTH:
        return [
            _("The photo's address must be at most %(PHOTO_MAX_LENGTH)s characters.")
            % {"PHOTO_MAX_LENGTH": PHOTO_MAX_LENGTH}
        ]
    if photo:
        try:
            validate_image_url(photo)
        except ValidationError:
            return [_("Upload a photo, or give its address starting with https://.")]
    return []


@transaction.atomic
def user_profile_update(
    *,
    user: User,
    name: str | None = None,
    photo: str | None = None,
    bio: str | None = None,
    language: str | None = None,
) -> User:
    """A person changes what the school shows of them: their name and photo (anyone signed in)
    and, for an instructor, the few words about themself on their public page (plain text: the
    page escapes it; nothing in it is markup). What is left out (None) is kept; an empty photo
    removes it. Their `language` is the one the site, its answers and its e-mails speak to them.

    Saved through the model, so its post_save reaches those who mirror a name (the search
    documents of an instructor's classes, `classes.search.instructor_renamed`) and the public
    lists' cache is invalidated (`User.public_fields`).
    """
    user = User.objects.select_for_update().get(pk=user.pk)
    if bio is not None and user.role != Role.INSTRUCTOR:
        raise Refused(_("Only instructors have a bio."))
    problems: dict[str, list[str]] = {}
    changes: dict[str, str] = {}
    if name is not None:
        changes["name"] = " ".join(name.split())
        problems["name"] = _name_problems(changes["name"])
    if photo is not None:
        changes["photo"] = photo.strip()
        problems["photo"] = _photo_problems(changes["photo"])
    if bio is not None:
        changes["bio"] = bio.strip()
        if len(changes["bio"]) > BIO_MAX_LENGTH:
            problems["bio"] = [
                _("Keep the bio to %(BIO_MAX_LENGTH)s characters or fewer.")
                % {"BIO_MAX_LENGTH": f"{BIO_MAX_LENGTH:,}"}
            ]
    if language is not None:
        changes["language"] = language
        if language not in dict(settings.LANGUAGES):
            problems["language"] = [_("Choose English or Spanish.")]
    problems = {field: found for field, found in problems.items() if found}
    if problems:
        raise InvalidInput(problems)
    changed = [field for field, value in changes.items() if getattr(user, field) != value]
    if changed:
        for field in changed:
            setattr(user, field, changes[field])
        user.save(update_fields=changed)
    return user


@transaction.atomic
def user_set_role(*, user_id: int, role: str, by: User | None = None) -> int:
    """Give a user a role; the number of users changed (0 when they already had it).

    `by` is the admin making the change, when a person makes it (Manage Users, the back
    office); a command run on the server has none. An admin never takes away their own role:
    another admin does, so nobody locks themself out of the school by a slip of the mouse.
    """
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
        raise NotFound(_("No such user."))
    # Django admin's staff flag mirrors the role, so the two can never tell different stories.
    is_staff = role == Role.ADMIN or user.is_superuser
    if by is not None and by.pk == user.pk and user.role == Role.ADMIN and role != Role.ADMIN:
        raise Conflict(SELF_DEMOTION_REFUSAL)
    if user.role == role:
        if user.is_staff != is_staff:
            user.is_staff = is_staff
            user.save(update_fields=["is_staff"])
        return 0
    if user.role == Role.ADMIN and admin_ids == [user.pk]:
        raise Conflict(
            _("The last admin cannot be given another role. Make someone else admin first.")
        )
    user.role = role
    user.is_staff = is_staff
    user.save(update_fields=["role", "is_staff"])
    if role in (Role.INSTRUCTOR, Role.ADMIN):
        message_queue(
            kind=AccountMessage.ROLE_CHANGED,
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


# Families: the account holder and their children, who take classes on one login.

PARTICIPANT_NAME_MAX_LENGTH = Participant._meta.get_field("first_name").max_length
NOTES_MAX_LENGTH = Participant._meta.get_field("notes").max_length
OLDEST_AGE = 100


def _names_of(name: str) -> tuple[str, str]:
    """A person's one name field split for the family list: the last word is the last name."""
    words = name.split()
    if len(words) < 2:
        return name.strip()[:PARTICIPANT_NAME_MAX_LENGTH], ""
    return (
        " ".join(words[:-1])[:PARTICIPANT_NAME_MAX_LENGTH],
        words[-1][:PARTICIPANT_NAME_MAX_LENGTH],
    )


def _name_fields(name: str) -> dict[str, str]:
    first_name, last_name = _names_of(name)
    return {"first_name": first_name, "last_name": last_name}


def account_holder_of(user: User) -> Participant:
    """The account holder as a participant ("Myself"), made with the account or on first need
    (people made in the back office or before families existed)."""
    holder = Participant.objects.filter(account=user, is_account_holder=True).first()
    if holder is not None:
        return holder
    try:
        # A savepoint: a twin request that made the holder first leaves the transaction usable.
        with transaction.atomic():
            return Participant.objects.create(
                account=user, is_account_holder=True, **_name_fields(user.name)
            )
    except IntegrityError:
        return Participant.objects.get(account=user, is_account_holder=True)


def _participant_problems(participant: Participant) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    child = not participant.is_account_holder
    for field in ("first_name", "last_name"):
        if child and not getattr(participant, field):
            problems[field] = [_("Give the child's name as it should appear on the roster.")]
    born = participant.date_of_birth
    today = school_today()
    if born is None:
        if child:
            problems["date_of_birth"] = [_("Give the child's date of birth: classes are by age.")]
    elif born > today:
        problems["date_of_birth"] = [_("A date of birth cannot be in the future.")]
    elif (born.year + OLDEST_AGE, born.month, born.day) < (today.year, today.month, today.day):
        problems["date_of_birth"] = [
            _("A date of birth more than %(OLDEST_AGE)s years ago is likely a typing slip.")
            % {"OLDEST_AGE": OLDEST_AGE}
        ]
    if len(participant.notes) > NOTES_MAX_LENGTH:
        problems["notes"] = [
            _("Keep the notes to %(NOTES_MAX_LENGTH)s characters or fewer.")
            % {"NOTES_MAX_LENGTH": f"{NOTES_MAX_LENGTH:,}"}
        ]
    if child and not problems and _same_child_in_family(participant):
        problems["first_name"] = [
            _("%(name)s, born on %(born)s, is already in your family.")
            % {"name": participant.name, "born": said(born, DAY_AND_YEAR)}
        ]
    return problems


def _same_child_in_family(participant: Participant) -> bool:
    return (
        Participant.objects.filter(
            account_id=participant.account_id,
            is_account_holder=False,
            first_name__iexact=participant.first_name,
            last_name__iexact=participant.last_name,
            date_of_birth=participant.date_of_birth,
        )
        .exclude(pk=participant.pk)
        .exists()
    )


PARTICIPANT_FIELDS = (
    "first_name",
    "last_name",
    "date_of_birth",
    "notes",
    "emergency_contact_name",
    "emergency_contact_phone",
)


def _participant_saved(participant: Participant) -> Participant:
    for field in PARTICIPANT_FIELDS:
        value = getattr(participant, field)
        if isinstance(value, str):
            setattr(participant, field, value.strip())
    problems = _participant_problems(participant)
    if problems:
        raise InvalidInput(problems)
    try:
        with transaction.atomic():
            participant.save()
    except IntegrityError:
        # A twin request added the same child a moment ago.
        raise InvalidInput(
            {"first_name": [_("%(name)s is already in your family.") % {"name": participant.name}]}
        ) from None
    return participant


def _family_size_locked(account: User) -> int:
    """How many people the family lists, read with the account's row locked until the
    transaction ends, in one query."""
    listed = (
        Participant.objects.filter(account_id=account.pk)
        .order_by()
        .values("account_id")
        .annotate(people=Count("*"))
        .values("people")
    )
    family = User.objects.select_for_update().filter(pk=account.pk)
    return (
        family.annotate(people=Coalesce(Subquery(listed), 0))
        .values_list("people", flat=True)
        .first()
        or 0
    )


@transaction.atomic
def participant_create(*, account: User, **fields) -> Participant:
    """A child joins the family; they have no login, and take classes on this account.

    A family lists at most `FAMILY_MAX_PARTICIPANTS` people, the account holder included:
    counted under the account row's lock, so two parallel additions cannot both take the last
    place."""
    unknown = set(fields) - set(PARTICIPANT_FIELDS)
    if unknown:
        raise ValueError(f"Not a participant's field: {sorted(unknown)}")
    account_holder_of(account)
    most = settings.FAMILY_MAX_PARTICIPANTS
    if _family_size_locked(account) >= most:
        raise Conflict(
            _(
                "A family lists at most %(most)s people, yourself included: remove "
                "someone to add another."
            )
            % {"most": most}
        )
    return _participant_saved(Participant(account=account, is_account_holder=False, **fields))


@transaction.atomic
def participant_update(*, account: User, participant_id: int, **fields) -> Participant:
    """Change a participant of the family; the fields left out are kept."""
    participant = access_participant(account=account, participant_id=participant_id, lock=True)
    for field, value in fields.items():
        if field not in PARTICIPANT_FIELDS:
            raise ValueError(f"Not a participant's field: {field}")
        setattr(participant, field, value)
    return _participant_saved(participant)


@transaction.atomic
def participant_delete(*, account: User, participant_id: int) -> None:
    """Remove a child's record: never the account holder, nor a child who holds a seat or has
    a class selected (their seat or choice would be nobody's). Past enrolments and payments stay
    on record: the payments keep the child's name."""
    participant = access_participant(account=account, participant_id=participant_id, lock=True)
    if participant.is_account_holder:
        raise Conflict(_("You are the account holder: you stay in your family."))
    # Their selections and seats are the enrolments app's, above this one: it refuses here.
    events.publish(events.PARTICIPANT_LEAVING, participant=participant)
    participant.delete()


SIGN_IN_LINK_SPENT = gettext_lazy(
    "This sign-in link has been used or has expired. Ask for a new one."
)
# The log in page, which a ticket in the address turns into the sign-in link's page.
SIGN_IN_LINK_PATH = "/login"
# Old links of an address are forgotten when it asks for a new one: a day is past any expiry.
SIGN_IN_LINK_KEPT = timedelta(days=1)


def _ticket_hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


def sign_in_link_send(*, email: str) -> None:
    """E-mail a one-time sign-in link to the address, if an account uses it; the caller is told
    the same either way, so nobody learns who has an account.

    The e-mail carries a ticket of ours, never Firebase's link: the browser gets the Firebase
    link for the ticket once (`sign_in_link_redeem`), while it is unused and unexpired.
    """
    email = email.strip().lower()
    now = timezone.now()
    SignInLink.objects.filter(email=email, created_at__lt=now - SIGN_IN_LINK_KEPT).delete()
    hour_ago = now - timedelta(hours=1)
    recent = list(
        SignInLink.objects.filter(email=email, created_at__gt=hour_ago)
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    if len(recent) >= settings.SIGN_IN_LINKS_PER_EMAIL_PER_HOUR:
        raise TooMany(
            _(
                "Several sign-in links went to this address in the last hour. "
                "Use the newest one, or try again later."
            ),
            resets_at=recent[0] + timedelta(hours=1),
        )
    site = settings.SITE_URL.rstrip("/")
    try:
        firebase_link = firebase.email_sign_in_link(
            email=email, continue_url=f"{site}{SIGN_IN_LINK_PATH}"
        )
    except firebase.IdentityUnavailable as unavailable:
        raise ProviderUnavailable(unavailable.args[0], code="sign_in_unavailable") from None
    ticket = secrets.token_urlsafe(32)
    minutes = settings.SIGN_IN_LINK_MINUTES
    with transaction.atomic():
        # Kept whether or not a link went out, so an address without an account is counted as
        # one with an account is.
        link = SignInLink.objects.create(
            email=email,
            ticket_hash=_ticket_hash(ticket),
            firebase_link=firebase_link,
            created_at=now,
            expires_at=now + timedelta(minutes=minutes),
        )
        if firebase_link:
            message_queue(
                kind=AccountMessage.SIGN_IN_LINK,
                about=f"sign-in-link:{link.pk}",
                recipient=email,
                context={"link": f"{site}{SIGN_IN_LINK_PATH}?ticket={ticket}", "minutes": minutes},
            )


@transaction.atomic
def sign_in_link_redeem(*, ticket: str, email: str) -> str:
    """The Firebase sign-in link behind an e-mailed ticket, given once: the ticket is spent by
    this call. Refused (Conflict) when it is unknown, used or expired, all alike."""
    link = SignInLink.objects.select_for_update().filter(ticket_hash=_ticket_hash(ticket)).first()
    now = timezone.now()
    if link is None or link.used_at is not None or link.expires_at <= now or not link.firebase_link:
        raise Conflict(SIGN_IN_LINK_SPENT, code="sign_in_link_spent")
    if link.email != email.strip().lower():
        # Not spent: the owner, on another device, may still type their address right.
        raise InvalidInput({"email": [_("This is not the address the sign-in link was sent to.")]})
    firebase_link = link.firebase_link
    link.used_at = now
    link.firebase_link = ""
    link.save(update_fields=["used_at", "firebase_link"])
    return firebase_link
