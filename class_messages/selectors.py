"""Reads of a class's messages: whom they reach, which a reader sees, and which a family has
not read yet."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import User
from class_messages.models import ClassMessage, ClassMessageAudience, ClassMessagesSeen
from classes.models import Class
from enrolments.models import OPEN_WAITLIST_STATUSES, Enrolment, EnrolmentStatus, WaitlistEntry
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


@dataclass(frozen=True)
class UnreadMessages:
    """A class's messages that reached a family since it last read them: how many, and the
    newest."""

    camp_class: Class
    count: int
    newest: ClassMessage


def class_messages_unread_for(*, family: User) -> list[UnreadMessages]:
    """For each class whose messages reach the family now (a seat of one of its people reads
    those to enrolled families, a place on the waitlist those to waitlisted ones), the messages
    sent since the family last read them (`ClassMessagesSeen`), the newest class first. One
    query."""
    seated = Enrolment.objects.filter(student=family, status=EnrolmentStatus.ACTIVE)
    waiting = WaitlistEntry.objects.filter(student=family, status__in=OPEN_WAITLIST_STATUSES)
    read_since = ClassMessagesSeen.objects.filter(
        family=family, camp_class_id=OuterRef("camp_class_id"), seen_at__gte=OuterRef("sent_at")
    )
    messages = (
        ClassMessage.objects.filter(
            Q(
                audience__in=[ClassMessageAudience.ENROLLED, ClassMessageAudience.BOTH],
                camp_class_id__in=seated.values("camp_class_id"),
            )
            | Q(
                audience__in=[ClassMessageAudience.WAITLISTED, ClassMessageAudience.BOTH],
                camp_class_id__in=waiting.values("camp_class_id"),
            )
        )
        .exclude(Exists(read_since))
        .select_related("camp_class")
        .order_by("-sent_at", "-id")
    )
    unread: dict[int, UnreadMessages] = {}
    for message in messages:
        known = unread.get(message.camp_class_id)
        unread[message.camp_class_id] = UnreadMessages(
            camp_class=message.camp_class,
            count=known.count + 1 if known else 1,
            newest=known.newest if known else message,
        )
    return list(unread.values())
