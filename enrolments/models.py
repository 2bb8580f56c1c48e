"""Who has chosen which class, and who holds a seat in it."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from core.prepared import insert_unless_present
from enrolments.holds_shown import holds_changed


class SelectionStatus(models.TextChoices):
    SELECTED = "Selected", "Selected"


class Selection(models.Model):
    """A student's choice of a class, kept until it is paid for or removed."""

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="selections"
    )
    # Who will take the class: the account holder or one of their children. A child with a
    # selection is not removed from the family (PROTECT), so the choice is never lost.
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.PROTECT, related_name="selections"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="selections"
    )
    status = models.CharField(
        max_length=10, choices=SelectionStatus.choices, default=SelectionStatus.SELECTED
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["student", "id"], name="selection_student_idx"),
            models.Index(fields=["created_at"], name="selection_created_idx"),
        ]
        constraints = [
            # Siblings may each select the same class; one person selects it once.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                name="selection_one_per_participant_and_class",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=SelectionStatus.values),
                name="selection_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} selected {self.camp_class}"


class EnrolmentStatus(models.TextChoices):
    # Holds a seat in the class.
    ACTIVE = "active", "Active"
    # Gave its seat back (a refund by the school).
    CANCELLED = "cancelled", "Cancelled"


class Enrolment(models.Model):
    """A participant's seat in a class, paid for by their account (`student`): taken once,
    given back at most once.

    The payment that bought it points here (payments.Payment.enrolment); a free class's
    enrolment has a payment of $0 on record too, so every seat has its receipt.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="enrolments"
    )
    # Who holds the seat. A child's record may be deleted once they hold no seat; their past
    # enrolments then name nobody, and the payments keep the name they were made for.
    participant = models.ForeignKey(
        "accounts.Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="enrolments",
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.PROTECT, related_name="enrolments"
    )
    status = models.CharField(
        max_length=20, choices=EnrolmentStatus.choices, default=EnrolmentStatus.ACTIVE
    )
    created_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(
                fields=["student", "status", "-created_at", "-id"],
                name="enrolment_student_idx",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=EnrolmentStatus.values),
                name="enrolment_status_valid",
            ),
            # A participant holds at most one seat in a class; siblings hold one each.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                condition=models.Q(status="active"),
                name="enrolment_one_seat_per_participant_and_class",
            ),
            # A seat is always someone's.
            models.CheckConstraint(
                condition=~models.Q(status="active") | models.Q(participant__isnull=False),
                name="enrolment_active_has_participant",
            ),
            # Only a cancelled enrolment has an end.
            models.CheckConstraint(
                condition=models.Q(status="active", ended_at__isnull=True)
                | models.Q(status="cancelled", ended_at__isnull=False),
                name="enrolment_ended_when_cancelled",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.camp_class} ({self.status})"


class AgeOverride(models.Model):
    """An admin's leave for one participant to take one class outside its ages, and why."""

    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="age_overrides"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="age_overrides"
    )
    reason = models.TextField(max_length=1000)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="age_overrides_granted",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "camp_class"], name="age_override_once_per_class"
            ),
            models.CheckConstraint(condition=~models.Q(reason=""), name="age_override_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} may take {self.camp_class}"


class SeatHoldQuerySet(models.QuerySet):
    """Bulk writes of holds: each tells the class lists to read the holds again
    (`holds_shown`), as `SeatHold.save` and `delete` do, so no write path can forget."""

    def update(self, **changes):
        updated = super().update(**changes)
        if updated:
            holds_changed()
        return updated

    def bulk_create(self, objs, *args, **kwargs):
        created = super().bulk_create(objs, *args, **kwargs)
        if created:
            holds_changed()
        return created

    def delete(self):
        deleted = super().delete()
        if deleted[0]:
            holds_changed()
        return deleted

    def insert_unless_present(self, **values) -> "SeatHold | None":
        """The new hold of `values` inserted unless the participant holds a seat of its class
        already (`core.prepared.insert_unless_present`: one prepared statement, no model save);
        None when it was not."""
        hold = insert_unless_present(self.model, using=self.db, **values)
        if hold is not None:
            holds_changed()
        return hold


class SeatHold(models.Model):
    """A seat kept for one participant for a while: while their family pays (taken when the
    payment page opens) or while a waitlist offer stands. It takes a seat while `expires_at` is
    ahead, and none after, with no job needed: every count of free seats asks the clock.

    The public lists show the seats free, but a hold does not empty their cache: their seats
    free are written in at each serving (`availability.seats_free_shown`), from the holds read
    again after each write of one (`holds_shown`). Every decision (a
    hold, a seat, an offer) counts holds afresh.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_holds"
    )
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="seat_holds"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="seat_holds"
    )
    # The choice being paid for; empty while it is a waitlist offer not yet accepted.
    selection = models.ForeignKey(
        Selection, null=True, blank=True, on_delete=models.SET_NULL, related_name="holds"
    )
    # The waitlist offer this hold is, when it is one.
    waitlist_entry = models.OneToOneField(
        "enrolments.WaitlistEntry",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="hold",
    )
    expires_at = models.DateTimeField()
    # One extension per hold, asked before it runs out.
    extended = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    objects = SeatHoldQuerySet.as_manager()

    class Meta:
        ordering = ["expires_at", "id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["camp_class", "expires_at"], name="hold_class_expires_idx"),
            models.Index(fields=["expires_at"], name="hold_expires_idx"),
        ]
        constraints = [
            # A participant holds at most one seat of a class: a new hold replaces an old one.
            models.UniqueConstraint(
                fields=["participant", "camp_class"], name="hold_one_per_participant_and_class"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} holds a seat in {self.camp_class} until {self.expires_at}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        holds_changed()

    def delete(self, *args, **kwargs):
        deleted = super().delete(*args, **kwargs)
        holds_changed()
        return deleted


class HoldLapse(models.Model):
    """A hold or a waitlist offer that ran out unpaid: what the limits on holding count (a
    family whose holds lapse again and again waits before the next; a family that let a seat
    of a class lapse is offered that class's next seat after the others on its list)."""

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hold_lapses"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="hold_lapses"
    )
    # A waitlist offer's, rather than a hold taken on the payment page.
    was_offer = models.BooleanField(default=False)
    lapsed_at = models.DateTimeField()

    class Meta:
        ordering = ["-lapsed_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["student", "lapsed_at"], name="hold_lapse_student_idx"),
            models.Index(fields=["camp_class", "student"], name="hold_lapse_class_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.student}'s hold of {self.camp_class} ran out at {self.lapsed_at}"


class WaitlistStatus(models.TextChoices):
    WAITING = "waiting", "Waiting"
    # A seat is held for them until `offer_expires_at`.
    OFFERED = "offered", "Offered a seat"
    # They took the offer and went to pay.
    ACCEPTED = "accepted", "Accepted"
    DECLINED = "declined", "Declined"
    EXPIRED = "expired", "Offer expired"
    LEFT = "left", "Left the list"
    # The school closed it: the class was cancelled or closed, or they no longer qualify.
    CLOSED = "closed", "Closed"


OPEN_WAITLIST_STATUSES = (WaitlistStatus.WAITING, WaitlistStatus.OFFERED)


class WaitlistEntry(models.Model):
    """A participant's place in a full class's queue for a seat.

    The queue is the class's waiting entries by `rank`; an admin moving an entry up swaps ranks
    with the one ahead and says why. A closed entry stays closed: joining again is a new entry
    at the back.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waitlist_entries"
    )
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="waitlist_entries"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="waitlist_entries"
    )
    status = models.CharField(
        max_length=10, choices=WaitlistStatus.choices, default=WaitlistStatus.WAITING
    )
    rank = models.BigIntegerField()
    offered_at = models.DateTimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    # The selection the accepted offer is paid through.
    selection_id = models.BigIntegerField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_reason = models.TextField(blank=True)
    move_reason = models.TextField(blank=True)
    moved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="waitlist_moves",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "waitlist entries"
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["camp_class", "status", "rank"], name="waitlist_queue_idx"),
            models.Index(fields=["student", "-created_at"], name="waitlist_student_idx"),
            models.Index(fields=["status", "offer_expires_at"], name="waitlist_offers_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=WaitlistStatus.values),
                name="waitlist_status_valid",
            ),
            # Once on a class's list at a time; a closed entry does not stop joining again.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                condition=models.Q(status__in=OPEN_WAITLIST_STATUSES),
                name="waitlist_open_once_per_participant_and_class",
            ),
            # An offer always says until when.
            models.CheckConstraint(
                condition=~models.Q(status="offered") | models.Q(offer_expires_at__isnull=False),
                name="waitlist_offer_has_expiry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} waiting for {self.camp_class} ({self.status})"


class SeatHoldAddOn(models.Model):
    """Stock of an add-on's option held with a seat: counted against the option's stock while
    its hold lives (taken into `AddOnOption.sold` as the seat is taken).

    A hold's row goes without asking for these (no cascade, no constraint): every count joins
    the live hold, so a row whose hold is gone counts for nothing, and a hold's delete, on every
    seat taken, costs no query more. `expiry.holds_tidy` removes such rows."""

    hold = models.ForeignKey(
        SeatHold, on_delete=models.DO_NOTHING, db_constraint=False, related_name="add_ons"
    )
    option = models.ForeignKey("extras.AddOnOption", on_delete=models.CASCADE, related_name="holds")
    quantity = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hold", "option"], name="hold_add_on_once"),
            models.CheckConstraint(
                condition=models.Q(quantity__gte=1), name="hold_add_on_quantity_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.option} × {self.quantity}, held"
