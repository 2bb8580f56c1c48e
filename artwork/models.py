"""Children's artwork: a piece photographed by its class's instructor, tagged with the children
who made it, followed by their families through its stages to the day it is collected, and shown
to the world only when an admin approved it and every child tagged has photo consent.

A piece's pictures are stored under `image_stem` in the private `artworks` storage (never
MEDIA_ROOT, which anyone may read): a re-encoded JPEG, `original.jpg`, and WebP copies at each
width of `widths` (`{width}w.webp`). They are read through the API alone (`artwork.files`).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone

from core.public_cache import ShownInPublicLists


class Stage(models.TextChoices):
    IN_PROGRESS = "in_progress", "In progress"
    DRYING = "drying", "Drying"
    FIRING = "firing", "Firing"
    READY = "ready", "Ready for pick-up"


class Artwork(ShownInPublicLists):
    """One piece, as photographed at its class. The public gallery shows it (`gallery_pieces`)
    once `approved_at` is set and while every child tagged has photo consent."""

    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.PROTECT, related_name="artworks"
    )
    # The device's id for the photograph: a phone that sends it again, after a dropped
    # connection, is answered the piece already taken.
    client_id = models.CharField(max_length=64, unique=True)
    title = models.CharField(max_length=120, blank=True)
    stage = models.CharField(max_length=12, choices=Stage.choices, default=Stage.IN_PROGRESS)
    # Where its pictures are in the `artworks` storage, and the widths of its WebP copies.
    image_stem = models.CharField(max_length=100, unique=True)
    widths = models.JSONField(default=list)
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    # Every stored file's bytes together: the class's day's limit counts them.
    stored_bytes = models.PositiveBigIntegerField()
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The school's day it was photographed on.
    taken_on = models.DateField()
    created_at = models.DateTimeField(default=timezone.now)
    # When it was marked ready for pick-up (after the kiln, for clay).
    ready_at = models.DateTimeField(null=True, blank=True)
    approved_at = models.DateTimeField(null=True, blank=True)
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    updated_at = models.DateTimeField(auto_now=True)

    public_fields = frozenset({"title", "stage", "approved_at", "camp_class"})

    class Meta:
        indexes = [
            # A class's pieces by day: its day's limit, and its page's gallery.
            models.Index(fields=["camp_class", "taken_on"], name="artwork_class_day"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(approved_at__isnull=True) | models.Q(approved_by__isnull=False),
                name="artwork_approved_by_someone",
            ),
            models.CheckConstraint(
                condition=~models.Q(stage="ready") | models.Q(ready_at__isnull=False),
                name="artwork_ready_has_its_time",
            ),
        ]

    def __str__(self) -> str:
        return self.title or f"Artwork {self.pk}"


class ArtworkChild(ShownInPublicLists):
    """A child tagged on a piece: their family sees it and is told of it, once, in its day's
    e-mail (`told_new_at`), and once more when it is ready for pick-up (`told_ready_at`)."""

    artwork = models.ForeignKey(Artwork, on_delete=models.CASCADE, related_name="children")
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="artworks"
    )
    tagged_at = models.DateTimeField(default=timezone.now)
    told_new_at = models.DateTimeField(null=True, blank=True)
    told_ready_at = models.DateTimeField(null=True, blank=True)

    public_fields = frozenset({"artwork", "participant"})

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["artwork", "participant"], name="artwork_child_once"),
        ]
        indexes = [
            # The families' daily e-mail: who has something untold.
            models.Index(fields=["told_new_at", "told_ready_at"], name="artwork_child_untold"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} on {self.artwork}"
