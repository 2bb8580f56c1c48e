from decimal import Decimal

from django.conf import settings
from django.db import models

from core.public_cache import ShownInPublicLists
from core.validators import validate_image_url


class ClassStatus(models.TextChoices):
    PENDING = "Pending", "Pending"
    APPROVED = "Approved", "Approved"
    DENIED = "Denied", "Denied"


class Class(ShownInPublicLists):
    """An art or craft class an instructor proposes and an admin reviews."""

    name = models.CharField(max_length=40)
    # Demo classes show images shipped with the app, so site paths count as well as URLs.
    image = models.CharField(max_length=1000, validators=[validate_image_url])
    price = models.DecimalField(max_digits=8, decimal_places=2)
    seats = models.PositiveIntegerField()
    enroll = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=10, choices=ClassStatus.choices, default=ClassStatus.PENDING
    )
    instructor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="classes_taught"
    )
    feedback = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "classes"
        ordering = ["id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["status", "id"], name="class_status_idx"),
            models.Index(fields=["status", "-enroll", "id"], name="class_popular_idx"),
            models.Index(fields=["instructor", "id"], name="class_instructor_idx"),
            models.Index(fields=["created_at"], name="class_created_idx"),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(seats__gte=0), name="class_seats_gte_0"),
            models.CheckConstraint(condition=models.Q(enroll__gte=0), name="class_enroll_gte_0"),
            models.CheckConstraint(
                condition=models.Q(price__gte=Decimal("0")), name="class_price_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=ClassStatus.values), name="class_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name
