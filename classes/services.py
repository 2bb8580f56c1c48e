"""Writes to classes: instructors propose and edit, admins review, students select."""

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from classes.models import Class, ClassStatus, Selection
from core.errors import Conflict, NotFound, Refused
from core.public_cache import public_lists_changed
from payments.models import Payment, PaymentStatus


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
        # An UPDATE sends no post_save: the public lists are told here.
        public_lists_changed()
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


@transaction.atomic
def selection_create(*, student: User, class_id: int) -> Selection:
    """A student picks a class to pay for later; everything about it is read from our data."""
    camp_class = Class.objects.filter(pk=class_id).first()
    if camp_class is None:
        raise NotFound("No such class.")
    if camp_class.status != ClassStatus.APPROVED:
        raise Conflict("This class is not open for selection.")
    enrolled = Payment.objects.filter(
        student=student, camp_class=camp_class, status=PaymentStatus.ENROLLED
    ).exists()
    if enrolled:
        raise Conflict("You are already enrolled in this class.")
    already_selected = Conflict("You have already selected this class.")
    if Selection.objects.filter(student=student, camp_class=camp_class).exists():
        raise already_selected
    if camp_class.seats == 0:
        raise Conflict("This class has no seats left.")
    try:
        # A savepoint, so that losing the race to a twin request leaves the transaction usable.
        with transaction.atomic():
            return Selection.objects.create(student=student, camp_class=camp_class)
    except IntegrityError:
        raise already_selected from None


@transaction.atomic
def selection_delete(*, selection_id: int, student: User) -> int:
    """A student drops one of their own selections; anyone else's is as good as absent."""
    deleted, _ = Selection.objects.filter(pk=selection_id, student=student).delete()
    if not deleted:
        raise NotFound("No such selection.")
    return deleted
