"""Reads of the changes app."""

from django.db.models import QuerySet

from classes.models import Class, Meeting
from enrolments.models import EnrolmentStatus
from payments.models import Payment, PaymentStatus


def care_days_riding_on(
    *, family_id: int, participant_id: int, camp_class: Class, keeping: Class | None = None
) -> QuerySet[Payment]:
    """The family's paid days of extended care (`classes.models.ExtendedCare`) for the
    participant, on the days `camp_class` meets and no other seat of theirs does (nor `keeping`,
    the class a move would take them to): a day of care goes with a booked day, so it goes when
    its day goes (a week cancelled or moved, the school's cancellation). Ordered by id, the
    order their locks are taken in."""
    # Care is added to a series' weeks and days only (`checkout.items`): a class bought whole,
    # or a day of care itself, carries none.
    if camp_class.unit_of_id is None:
        return Payment.objects.none()
    days = set(
        Meeting.objects.filter(camp_class_id=camp_class.pk, cancelled=False).values_list(
            "day", flat=True
        )
    )
    still_booked = Meeting.objects.filter(
        day__in=days,
        cancelled=False,
        camp_class__extended_care__isnull=True,
        camp_class__enrolments__participant_id=participant_id,
        camp_class__enrolments__status=EnrolmentStatus.ACTIVE,
    ).exclude(camp_class_id=camp_class.pk)
    days -= set(still_booked.values_list("day", flat=True))
    if keeping is not None:
        kept = Meeting.objects.filter(camp_class=keeping, cancelled=False)
        days -= set(kept.values_list("day", flat=True))
    return (
        Payment.objects.filter(
            student_id=family_id,
            enrolment__participant_id=participant_id,
            enrolment__status=EnrolmentStatus.ACTIVE,
            status=PaymentStatus.ENROLLED,
            camp_class__extended_care__isnull=False,
            camp_class__start_date__in=days,
        )
        .select_related("enrolment", "camp_class", "participant")
        .order_by("pk")
    )
