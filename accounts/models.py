from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from core.public_cache import PublicListsQuerySet, ShownInPublicLists
from core.validators import validate_image_url


class Role(models.TextChoices):
    ADMIN = "admin", "Admin"
    INSTRUCTOR = "instructor", "Instructor"
    STUDENT = "student", "Student"
    # The front desk: registers families and checks out for them, reads rosters; nothing else.
    OFFICE = "office", "Office"


class UserManager(BaseUserManager.from_queryset(PublicListsQuerySet)):
    use_in_migrations = True

    def _create_user(self, email, password, **extra_fields):
        if not email:
            raise ValueError("An e-mail address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **extra_fields)
        if password:
            user.set_password(password)
        else:
            user.set_unusable_password()
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)
        extra_fields.setdefault("role", Role.ADMIN)
        return self._create_user(email, password, **extra_fields)


class User(ShownInPublicLists, AbstractBaseUser, PermissionsMixin):
    """A person known to the school, bound to one Firebase account by its uid."""

    email = models.EmailField(unique=True)
    # The Firebase account this person signs in with, bound at their first sign-in. Empty for a
    # row made before then (an admin named by set_role, a person added in the back office):
    # only an account with a verified e-mail may claim such a row (accounts.services).
    firebase_uid = models.CharField(max_length=128, unique=True, null=True, blank=True)
    name = models.CharField(max_length=150, blank=True)
    # A family's telephone, as the front desk took it (the desk finds a family by it).
    phone = models.CharField(max_length=40, blank=True)
    photo = models.CharField(max_length=1000, blank=True, validators=[validate_image_url])
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.STUDENT)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)
    # Set when the person first saves their profile (registration or first Google sign-in).
    registered_at = models.DateTimeField(null=True, blank=True)
    # An instructor's few words about themself, on their public page.
    bio = models.TextField(max_length=1000, blank=True)
    # The secret in the address of this person's calendar feed; made when first asked for and
    # replaced when they reset the link.
    calendar_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    # The language this person reads the site, its answers and its e-mails in (settings.LANGUAGES).
    # Empty until their first sign-in keeps the language they were reading the site in; after
    # that only they change it. Read it through `reading_language`.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True, default="")

    objects = UserManager()

    @property
    def reading_language(self) -> str:
        return self.language or settings.LANGUAGE_CODE

    # What of a person the public lists show: the instructors list, and each class's instructor.
    public_fields = frozenset({"email", "name", "photo", "role", "bio"})

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        ordering = ["id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [models.Index(fields=["role", "id"], name="user_role_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="user_role_valid"
            ),
            models.UniqueConstraint(Lower("email"), name="user_email_ci_unique"),
        ]

    def shows_in_public_lists(self, *, created: bool) -> bool:
        # A new student or admin appears in no public list; any other change of the public
        # fields may (an instructor renamed, a student made instructor).
        return not created or self.role == Role.INSTRUCTOR

    def __str__(self) -> str:
        return self.email

    @property
    def is_admin(self) -> bool:
        return self.role == Role.ADMIN

    @property
    def is_instructor(self) -> bool:
        return self.role == Role.INSTRUCTOR

    @property
    def is_student(self) -> bool:
        return self.role == Role.STUDENT


class RevokedToken(models.Model):
    """An API token ended before its time (Log Out); refused until it would have expired."""

    jti = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.jti


class SignInLink(models.Model):
    """A one-time sign-in link e-mailed to an address: only its ticket's hash is kept, and the
    Firebase e-mail link it opens, which the browser gets once, while the ticket is unused and
    unexpired. Firebase's emulator keeps no expiry for its links, so the expiry is ours."""

    email = models.EmailField(max_length=254)
    ticket_hash = models.CharField(max_length=64, unique=True)
    # Empty when no account uses the address (nothing was sent) and once the link is used.
    firebase_link = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["email", "created_at"], name="sign_in_link_email_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(expires_at__gt=models.F("created_at")),
                name="sign_in_link_expires_after_made",
            ),
        ]

    def __str__(self) -> str:
        return self.email


class Participant(ShownInPublicLists):
    """Someone who takes classes on an account: the account holder themself, or one of their
    children (who have no login of their own). Seats, selections and payments name one.

    The public gallery shows the first names of the children tagged on a piece: a rename, or a
    child removed (their tags and care record going with them), forgets the public lists."""

    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="participants")
    is_account_holder = models.BooleanField(default=False)
    first_name = models.CharField(max_length=60, blank=True)
    last_name = models.CharField(max_length=60, blank=True)
    # Unknown for an account holder who never gave it: they are taken to be an adult, since
    # only an adult has a login. Every child has one.
    date_of_birth = models.DateField(null=True, blank=True)
    # What the instructor should know: allergies, medical, needs.
    notes = models.TextField(max_length=2000, blank=True)
    emergency_contact_name = models.CharField(max_length=120, blank=True)
    emergency_contact_phone = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # The account holder first, then the children in the order they were added.
        ordering = ["account_id", "-is_account_holder", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["account"],
                condition=models.Q(is_account_holder=True),
                name="participant_one_account_holder",
            ),
            models.CheckConstraint(
                condition=models.Q(is_account_holder=True) | models.Q(date_of_birth__isnull=False),
                name="participant_child_has_birth_date",
            ),
            # The same child twice in one family is a slip, not a twin: twins differ by name.
            models.UniqueConstraint(
                Lower("first_name"),
                Lower("last_name"),
                "date_of_birth",
                "account",
                condition=models.Q(is_account_holder=False),
                name="participant_child_once_per_family",
            ),
        ]

    public_fields = frozenset({"first_name"})

    def __str__(self) -> str:
        return self.name or f"{self.account} (myself)"

    def shows_in_public_lists(self, *, created: bool) -> bool:
        # Someone new is tagged on no piece yet.
        return not created

    @property
    def name(self) -> str:
        return " ".join(part for part in (self.first_name, self.last_name) if part)
