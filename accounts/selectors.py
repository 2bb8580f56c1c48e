from django.db.models import Q, QuerySet

from accounts.models import Participant, Role, User


def instructor_list() -> QuerySet[User]:
    return User.objects.filter(role=Role.INSTRUCTOR).order_by("id")


def instructor_get(*, user_id: int) -> User | None:
    """The person by id if they are an instructor; None for anyone else, who has no page."""
    return User.objects.filter(pk=user_id, role=Role.INSTRUCTOR).first()


def user_list(*, search: str = "") -> QuerySet[User]:
    """Everyone, by id; with `search`, those whose name or e-mail contains it (any case)."""
    users = User.objects.order_by("id")
    search = search.strip()
    if search:
        users = users.filter(Q(name__icontains=search) | Q(email__icontains=search))
    return users


def user_by_email(*, email: str) -> User | None:
    return User.objects.filter(email=email).first()


def reader_language(*, address: str) -> str | None:
    """The language the account with this e-mail address reads in; None for nobody's."""
    accounts = User.objects.filter(email=address.strip().lower())
    return accounts.values_list("language", flat=True).first()


def admin_list() -> QuerySet[User]:
    """Everyone who runs the school, active accounts only."""
    return User.objects.filter(role=Role.ADMIN, is_active=True).order_by("id")


def user_by_calendar_token(*, token: str) -> User | None:
    """The active person whose calendar feed has this secret; None for any other string."""
    if not token:
        return None
    return User.objects.filter(calendar_token=token, is_active=True).first()


def participant_list_for(*, account: User) -> QuerySet[Participant]:
    """The family: the account holder first, then the children in the order they were added."""
    return Participant.objects.filter(account=account).order_by("-is_account_holder", "id")
