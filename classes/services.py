"""Writes to classes: instructors propose and edit, admins review."""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from classes.models import Class, ClassStatus
from core.errors import Conflict, NotFound, Refused


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


def _class_review(*, class_id: int, status: str, verb: str) -> int:
    # One conditional UPDATE: of two admins deciding at once, only the first finds it Pending.
    reviewed = Class.objects.filter(pk=class_id, status=ClassStatus.PENDING).update(
        status=status, updated_at=timezone.now()
    )
    if reviewed:
        return reviewed
    if not Class.objects.filter(pk=class_id).exists():
        raise NotFound("No such class.")
    raise Conflict(f"Only a pending class can be {verb}.")


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
    return sent
