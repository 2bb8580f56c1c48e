"""Reads of a class's messages: whom they reach, and which a reader sees."""

from django.db.models import Q, QuerySet

from accounts.models import User
from class_messages.models import ClassMessage, ClassMessageAudience
from enrolments.selectors import places_on_waitlist_of, seats_in


def class_families_for(*, class_id: int, audience: str) -> QuerySet[User]:
    """The accounts a message to a class's `audience` (`ClassMessageAudience`) is written to:
    those holding an active seat, those on its waitlist, or both; each account once, however
    many of its people are enrolled or waiting."""
    reached = Q()
    if audience in (ClassMessageAudience.ENROLLED, ClassMessageAudience.BOTH):
        reached |= Q(pk__in=seats_in(class_id).values("student_id"))
    if audience in (ClassMessageAudience.WAITLISTED, ClassMessageAudience.BOTH):
        reached |= Q(pk__in=places_on_waitlist_of(class_id).values("student_id"))
    if not reached:
        return User.objects.none()
    return User.objects.filter(reached).order_by("id")


def class_message_audiences_for(*, student: User, class_id: int) -> tuple[str, ...]:
    """The audiences of a class's messages that reach a family as it stands now: a seat of one
    of its people reads those to enrolled families, a place on the waitlist those to waitlisted
    families, and either those to both. None: not one of the class's families."""
    audiences: set[str] = set()
    if seats_in(class_id).filter(student=student).exists():
        audiences |= {ClassMessageAudience.ENROLLED, ClassMessageAudience.BOTH}
    if places_on_waitlist_of(class_id).filter(student=student).exists():
        audiences |= {ClassMessageAudience.WAITLISTED, ClassMessageAudience.BOTH}
    return tuple(sorted(audiences))


def class_message_list_for(
    *, class_id: int, audiences: tuple[str, ...] | None = None
) -> QuerySet[ClassMessage]:
    """A class's messages to its families, the newest first, each with its sender; only those
    to `audiences` when given (what a family reads), all of them otherwise (its instructor and
    admins)."""
    messages = ClassMessage.objects.filter(camp_class_id=class_id)
    if audiences is not None:
        messages = messages.filter(audience__in=audiences)
    return messages.select_related("sender").order_by("-sent_at", "-id")
