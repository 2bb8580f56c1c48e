"""Writes to classes: instructors propose and edit, admins review."""

from datetime import date, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.selectors import admin_list
from classes.models import Class, ClassStatus
from classes.selectors import pending_classes
from core.errors import Conflict, NotFound, Refused
from notifications.models import MessageKind
from notifications.services import message_queue, message_rerender_queued


@transaction.atomic
def class_create(*, instructor: User, name: str, image: str, price: Decimal, seats: int) -> Class:
    """A new class waits for an admin's review, with nobody enrolled yet."""
    return Class.objects.create(
        instructor=instructor,
        name=name,
        image=image,
        price=price,
        seats=seats,
        status=ClassStatus.PENDING,
        enroll=0,
    )


@transaction.atomic
def class_update(
    *, class_id: int, instructor: User, name: str, image: str, price: Decimal, seats: int
) -> int:
    """An instructor edits their own class; a denied class goes back for another review."""
    camp_class = Class.objects.select_for_update().filter(pk=class_id).first()
    if camp_class is None:
        raise NotFound("No such class.")
    if camp_class.instructor_id != instructor.pk:
        raise Refused("You can only update your own classes.")
    camp_class.name = name
    camp_class.image = image
    camp_class.price = price
    camp_class.seats = seats
    changed = ["name", "image", "price", "seats", "updated_at"]
    if camp_class.status == ClassStatus.DENIED:
        # The admin's feedback stays: it is what the instructor answered with this edit,
        # and what the admin reviews the new version against.
        camp_class.status = ClassStatus.PENDING
        changed.append("status")
    camp_class.save(update_fields=changed)
    return 1


# A denial waits this long before it is sent, so the feedback an admin writes just after
# denying (Manage Classes asks for it next) goes out with it.
DENIAL_FEEDBACK_WAIT = timedelta(minutes=10)


def _class_review(*, class_id: int, status: str, verb: str) -> int:
    now = timezone.now()
    # One conditional UPDATE: of two admins deciding at once, only the first finds it Pending.
    reviewed = Class.objects.filter(pk=class_id, status=ClassStatus.PENDING).update(
        status=status, updated_at=now
    )
    if reviewed:
        _review_message_queue(Class.objects.select_related("instructor").get(pk=class_id), now)
        return reviewed
    if not Class.objects.filter(pk=class_id).exists():
        raise NotFound("No such class.")
    raise Conflict(f"Only a pending class can be {verb}.")


def _review_message_queue(camp_class: Class, reviewed_at) -> None:
    denied = camp_class.status == ClassStatus.DENIED
    message_queue(
        kind=MessageKind.CLASS_DENIED if denied else MessageKind.CLASS_APPROVED,
        # Each review is its own message: a class denied, changed and reviewed again.
        about=f"class:{camp_class.pk}:{reviewed_at.isoformat()}",
        recipient=camp_class.instructor.email,
        context=_review_context(camp_class),
        send_after=reviewed_at + DENIAL_FEEDBACK_WAIT if denied else None,
    )


def _review_context(camp_class: Class) -> dict:
    return {
        "name": camp_class.instructor.name,
        "class_name": camp_class.name,
        "feedback": camp_class.feedback,
    }


@transaction.atomic
def class_approve(*, class_id: int) -> int:
    return _class_review(class_id=class_id, status=ClassStatus.APPROVED, verb="approved")


@transaction.atomic
def class_deny(*, class_id: int) -> int:
    return _class_review(class_id=class_id, status=ClassStatus.DENIED, verb="denied")


@transaction.atomic
def class_send_feedback(*, class_id: int, feedback: str) -> int:
    """An admin's note to the instructor; the latest one replaces the one before."""
    sent = Class.objects.filter(pk=class_id).update(feedback=feedback, updated_at=timezone.now())
    if not sent:
        raise NotFound("No such class.")
    camp_class = Class.objects.select_related("instructor").get(pk=class_id)
    # A denial not sent yet carries the feedback written since.
    message_rerender_queued(
        kind=MessageKind.CLASS_DENIED,
        about_prefix=f"class:{class_id}:",
        context=_review_context(camp_class),
    )
    return sent


def review_digest_send(*, today: date | None = None) -> int:
    """One message to each admin listing every class waiting for review, once a day at most;
    the number queued (none when nothing waits)."""
    today = today or timezone.localdate(timezone=ZoneInfo(settings.SCHOOL_TIMEZONE))
    waiting = [
        {
            "name": camp_class.name,
            "instructor_name": camp_class.instructor.name or camp_class.instructor.email,
            "created_at": camp_class.created_at,
        }
        for camp_class in pending_classes()
    ]
    if not waiting:
        return 0
    queued = 0
    with transaction.atomic():
        for admin in admin_list():
            message_queue(
                kind=MessageKind.REVIEW_DIGEST,
                about=f"review-digest:{today.isoformat()}",
                recipient=admin.email,
                context={"name": admin.name, "classes": waiting},
            )
            queued += 1
    return queued
