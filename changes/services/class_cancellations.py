"""The school cancels a class: it closes at once, every seat is refunded in full, every family
that chose it or waits for it is told, and nothing of it is left half done.

Every cent each seat was paid with goes back the way it came (`payments.selectors.seat_paid`):
card charges to their cards, credit, cash and cheque as account credit. The class is marked
cancelled first, in its own transaction, so that from then on nobody can
select it, pay for it or take a seat in it (enrolment_refusal and seat_take ask for an approved
class); a charge already on its way is refunded by `payment_fulfil` for the same reason. Then
each seat is refunded in its own transaction, through Stripe, as an admin's refund is: a refund
Stripe does not answer leaves that payment enrolled and reported, and cancelling again finishes
it (a payment refunded before is not refunded twice).

A child's days of extended care on the class's days go with it, refunded in full the same way
(`changes.selectors.care_days_riding_on`). A class sold by the week or the day (a series) is
cancelled unit by unit, each as a class of its own, the series closed first with all its units.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from changes.selectors import care_days_riding_on
from classes.models import Class, ClassStatus, is_sold_by_unit
from classes.series import units_follow_series
from core.errors import Conflict, DomainError, NotFound
from enrolments.models import Selection
from enrolments.selectors import waitlist_open_for_class
from enrolments.services import waitlist_close_for_class
from notifications.services import message_queue
from payments.message_kinds import PaymentMessage
from payments.models import Payment, PaymentStatus
from payments.selectors import seat_paid
from payments.services.refunds import payment_refund


@dataclass
class ClassCancellation:
    """What cancelling a class does (a dry run) or did."""

    class_id: int
    class_name: str
    seats_refunded: int = 0
    refund_total: Decimal = Decimal("0.00")
    selections_closed: int = 0
    # Families waiting for a seat (or offered one), whose places close with the class.
    waitlist_closed: int = 0
    # Payments whose refund did not go through, with why: cancelling again retries them.
    refunds_failed: dict[int, str] = field(default_factory=dict)
    # Days of extended care on the class's days, refunded with it (in `refund_total`).
    care_days_refunded: int = 0

    def add(self, unit: "ClassCancellation") -> None:
        """A unit's cancellation, counted into its series'."""
        self.seats_refunded += unit.seats_refunded
        self.refund_total += unit.refund_total
        self.selections_closed += unit.selections_closed
        self.waitlist_closed += unit.waitlist_closed
        self.refunds_failed |= unit.refunds_failed
        self.care_days_refunded += unit.care_days_refunded


def _enrolled_payments(class_id: int):
    return Payment.objects.filter(camp_class_id=class_id, status=PaymentStatus.ENROLLED).order_by(
        "id"
    )


def _care_days_of(payment: Payment, camp_class: Class) -> list[Payment]:
    return list(
        care_days_riding_on(
            family_id=payment.student_id,
            participant_id=payment.enrolment.participant_id,
            camp_class=camp_class,
        )
    )


def class_cancellation_preview(*, class_id: int) -> ClassCancellation:
    """The dry run: how many seats would be refunded, for how much (all each was paid, by
    card, credit, cash or cheque, and the days of care that go with them), and how many
    families who chose the class would be told. Nothing is changed."""
    camp_class = Class.objects.filter(pk=class_id).first()
    if camp_class is None:
        raise NotFound(_("No such class."))
    preview = ClassCancellation(class_id=class_id, class_name=camp_class.name)
    if is_sold_by_unit(camp_class):
        for unit_id in _units_of(class_id):
            preview.add(class_cancellation_preview(class_id=unit_id))
        return preview
    payments = list(_enrolled_payments(class_id).select_related("enrolment"))
    care_days = [day for payment in payments for day in _care_days_of(payment, camp_class)]
    preview.seats_refunded = len(payments)
    preview.care_days_refunded = len(care_days)
    preview.refund_total = sum(
        (seat_paid(payment).total for payment in payments + care_days), Decimal("0.00")
    )
    preview.selections_closed = Selection.objects.filter(camp_class_id=class_id).count()
    preview.waitlist_closed = waitlist_open_for_class(class_id=class_id).count()
    return preview


def _units_of(series_id: int) -> list[int]:
    return list(
        Class.objects.filter(unit_of_id=series_id)
        .order_by("start_date", "pk")
        .values_list("pk", flat=True)
    )


def _cancelled_words(class_name: str) -> str:
    # Said where it is read: each family's e-mail in its reader's language.
    return format_lazy(gettext_lazy("The school cancelled {class_name}."), class_name=class_name)


def _refund_reason(class_name: str, message: str) -> str:
    said = _cancelled_words(class_name)
    return format_lazy("{said} {message}", said=said, message=message) if message else said


@transaction.atomic
def _close(*, class_id: int, message: str) -> tuple[Class, int, int]:
    """Mark the class cancelled and close every selection of it, telling each family once."""
    camp_class = Class.objects.select_for_update().filter(pk=class_id).first()
    if camp_class is None:
        raise NotFound(_("No such class."))
    if camp_class.status == ClassStatus.WITHDRAWN:
        raise Conflict(_("This class was withdrawn by its instructor; nobody chose it."))
    if camp_class.status != ClassStatus.CANCELLED:
        now = timezone.now()
        Class.objects.filter(pk=class_id).update(status=ClassStatus.CANCELLED, updated_at=now)
        camp_class.status = ClassStatus.CANCELLED
        # Every week or day of a series closes with it at once: none is sold meanwhile.
        units_follow_series(series_id=class_id, status=ClassStatus.CANCELLED, updated_at=now)
    selections = list(
        Selection.objects.filter(camp_class_id=class_id).select_related("student", "participant")
    )
    for selection in selections:
        message_queue(
            kind=PaymentMessage.CLASS_CANCELLED,
            about=f"selection:{selection.pk}",
            recipient=selection.student.email,
            context={
                "name": selection.student.name,
                "class_name": camp_class.name,
                "participant_name": selection.participant.name,
                "for_child": not selection.participant.is_account_holder,
                "message": message,
            },
        )
    Selection.objects.filter(pk__in=[selection.pk for selection in selections]).delete()
    # Its waitlist and the seats held on it close with it, each waiting family told once.
    waited = waitlist_close_for_class(class_id=class_id, reason=_cancelled_words(camp_class.name))
    return camp_class, len(selections), waited


def class_cancel(*, class_id: int, message: str = "") -> ClassCancellation:
    """The school calls a class off: closed at once, each seat refunded in full and its family
    told (the refund e-mail carries the school's message), each family that only chose it told.
    Safe to run again: it finishes what a failed refund left."""
    message = message.strip()
    camp_class, closed, waited = _close(class_id=class_id, message=message)
    done = ClassCancellation(
        class_id=class_id,
        class_name=camp_class.name,
        selections_closed=closed,
        waitlist_closed=waited,
    )
    if is_sold_by_unit(camp_class):
        for unit_id in _units_of(class_id):
            done.add(class_cancel(class_id=unit_id, message=message))
        return done
    reason = _refund_reason(camp_class.name, message)
    for payment in _enrolled_payments(class_id).select_related("enrolment"):
        # Read before the seat goes: the days of care that ride on it.
        care_days = _care_days_of(payment, camp_class)
        if _refunded(payment, reason, done):
            done.seats_refunded += 1
        for care_day in care_days:
            if _refunded(care_day, reason, done):
                done.care_days_refunded += 1
    return done


def _refunded(payment: Payment, reason: str, done: ClassCancellation) -> bool:
    """The payment refunded in full by this call, counted into `done`; a failure noted there."""
    try:
        given_back = seat_paid(payment).total
        if payment_refund(payment_id=payment.pk, reason=reason):
            done.refund_total += given_back
            return True
    except DomainError as error:
        done.refunds_failed[payment.pk] = str(error)
    return False
