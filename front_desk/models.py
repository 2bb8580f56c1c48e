"""The front desk's own records: what the office did for each family (the audit log) and each
day's cash and cheques counted at closing."""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone


class DeskActionKind(models.TextChoices):
    FAMILY_REGISTERED = "family_registered", "Registered the family"
    CHILD_ADDED = "child_added", "Added a child"
    CARE_TAKEN = "care_taken", "Took a care record by phone"
    CHECKOUT_OPENED = "checkout_opened", "Opened a checkout"
    PAYMENT_TAKEN = "payment_taken", "Took a payment"
    LINK_SENT = "link_sent", "Sent a link to pay online"
    DAY_CLOSED = "day_closed", "Closed the day"


class DeskAction(models.Model):
    """One thing a member of staff did at the front desk, for one family (none for closing the
    day). Written as it happens and never changed or removed (database triggers refuse both)."""

    at = models.DateTimeField(default=timezone.now)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="desk_actions"
    )
    family = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="desk_actions_for",
    )
    kind = models.CharField(max_length=30, choices=DeskActionKind.choices)
    # What was done, in words the family reads ("Registered Noa for Clay & Glaze").
    summary = models.CharField(max_length=300)
    # The rows it touched (checkout, participant, amounts), for the back office.
    detail = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [models.Index(fields=["family", "-at"], name="desk_action_family_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=DeskActionKind.values), name="desk_action_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor}: {self.summary}"


class DayClose(models.Model):
    """A day of the front desk closed: the cash and cheques counted against what was recorded
    taken that day, and the difference noted. One per day."""

    day = models.DateField(unique=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    closed_at = models.DateTimeField(default=timezone.now)
    recorded_cash = models.DecimalField(max_digits=9, decimal_places=2)
    recorded_cheques = models.DecimalField(max_digits=9, decimal_places=2)
    counted_cash = models.DecimalField(max_digits=9, decimal_places=2)
    counted_cheques = models.DecimalField(max_digits=9, decimal_places=2)
    # Counted less recorded, cash and cheques together: short is negative.
    difference = models.DecimalField(max_digits=9, decimal_places=2, default=Decimal("0.00"))
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["-day"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(counted_cash__gte=0) & models.Q(counted_cheques__gte=0),
                name="day_close_counted_gte_0",
            ),
        ]

    def __str__(self) -> str:
        return f"Day {self.day} closed by {self.closed_by}"
