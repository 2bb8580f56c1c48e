from decimal import Decimal

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.core.validators import MaxValueValidator
from django.db import models

from core.indexes import GinIndexOnPostgres
from core.public_cache import ShownInPublicLists
from core.validators import validate_image_url


class ClassStatus(models.TextChoices):
    PENDING = "Pending", "Pending"
    APPROVED = "Approved", "Approved"
    DENIED = "Denied", "Denied"
    # Its instructor took it back before a review; it is never shown or reviewed again.
    WITHDRAWN = "Withdrawn", "Withdrawn"
    # The school called it off: every seat refunded, every choice closed (payments.services).
    CANCELLED = "Cancelled", "Cancelled"


class Level(models.TextChoices):
    BEGINNER = "beginner", "Beginner"
    INTERMEDIATE = "intermediate", "Intermediate"
    ADVANCED = "advanced", "Advanced"
    ALL_LEVELS = "all-levels", "All levels"


class Booking(models.TextChoices):
    """How a family buys a class: whole, or by the week or the day (each a unit of its own)."""

    WHOLE = "whole", "The whole class"
    WEEKS = "weeks", "By the week"
    DAYS = "days", "By the day"


# How a season's seats go: to whoever registers first, or by a draw among wishes (`lottery`).
class Allocation(models.TextChoices):
    FIRST_COME = "first_come", "First come, first served"
    LOTTERY = "lottery", "A fair draw among wishes"


class CareKind(models.TextChoices):
    BEFORE = "before", "Before-care"
    AFTER = "after", "After-care"


# The oldest age a class can ask for; 18 and over means adults.
MAX_AGE = 99
WHAT_TO_BRING_MAX_LENGTH = 500
DESCRIPTION_MAX_LENGTH = 2000


class Category(ShownInPublicLists):
    """What a class teaches (painting, pottery & ceramics...): the school's own list, kept in
    the back office and shown in its order."""

    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=60, unique=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name_plural = "categories"
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A season of classes ("Summer 2027"): the days its classes fall in, and when families may
    register for them. Returning families, or those on a list the school uploads, may be let in
    early (`early_access_opens_at`); who has early access is the enrolments app's answer
    (`enrolments.seasons`)."""

    name = models.CharField(max_length=60, unique=True)
    # The days the season's classes meet in: a class created without a season joins the one its
    # first day falls in.
    starts_on = models.DateField()
    ends_on = models.DateField()
    opens_at = models.DateTimeField(help_text="When every family may register.")
    closes_at = models.DateTimeField(help_text="When registration for the season ends.")
    early_access_opens_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When families with early access may register; empty for no early access.",
    )
    early_access_returning = models.BooleanField(
        default=False,
        help_text="Families enrolled in an earlier season have early access.",
    )
    allocation = models.CharField(
        max_length=10, choices=Allocation.choices, default=Allocation.FIRST_COME
    )
    # A lottery's window for families' wishes, and when its draw is made (`lottery`).
    wishes_open_at = models.DateTimeField(null=True, blank=True)
    wishes_close_at = models.DateTimeField(null=True, blank=True)
    draw_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["starts_on", "id"]
        constraints = [
            # First come has no window; a lottery's wishes open, close, then its draw is made,
            # and only then does anyone register: its families early (the draw lets them in),
            # everyone for what is left.
            models.CheckConstraint(
                condition=models.Q(
                    allocation=Allocation.FIRST_COME,
                    wishes_open_at=None,
                    wishes_close_at=None,
                    draw_at=None,
                )
                | models.Q(
                    models.Q(early_access_opens_at=None)
                    | models.Q(early_access_opens_at__gte=models.F("draw_at")),
                    allocation=Allocation.LOTTERY,
                    wishes_open_at__isnull=False,
                    wishes_close_at__isnull=False,
                    draw_at__isnull=False,
                    wishes_close_at__gt=models.F("wishes_open_at"),
                    draw_at__gte=models.F("wishes_close_at"),
                    opens_at__gt=models.F("draw_at"),
                ),
                name="season_allocation_window_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="season_days_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(closes_at__gt=models.F("opens_at")),
                name="season_registration_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(early_access_opens_at__isnull=True)
                | models.Q(early_access_opens_at__lt=models.F("opens_at")),
                name="season_early_access_before_opening",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SeasonEarlyAccess(models.Model):
    """One e-mail address on a season's early-access list, as the school uploaded it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="early_access")
    # Kept lower-cased: an address is compared without regard to case.
    email = models.EmailField()

    class Meta:
        verbose_name_plural = "season early access"
        constraints = [
            models.UniqueConstraint(fields=["season", "email"], name="season_early_access_once"),
        ]

    def __str__(self) -> str:
        return f"{self.email} ({self.season})"


class ExtendedCare(ShownInPublicLists):
    """Care a season offers before or after its day-camp classes (7:30-9:00, 15:00-18:00): each
    day of it is a `Class` row of its own (`extended_care` set, made by `classes.series`), with
    this capacity and price, which a family adds to the days its child is booked."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="extended_care")
    kind = models.CharField(max_length=6, choices=CareKind.choices)
    label = models.CharField(max_length=60)
    start_time = models.TimeField()
    end_time = models.TimeField()
    price_per_day = models.DecimalField(max_digits=8, decimal_places=2)
    # Every day of a week booked together costs this instead, where set.
    price_per_week = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    seats = models.PositiveIntegerField()
    # Who looks after the children: shown on the instructors' Today and the roster.
    led_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="extended_care_led"
    )

    class Meta:
        verbose_name_plural = "extended care"
        ordering = ["season", "start_time", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=CareKind.values), name="extended_care_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(end_time__gt=models.F("start_time")),
                name="extended_care_times_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(price_per_day__gte=Decimal("0"))
                & (
                    models.Q(price_per_week__isnull=True)
                    | models.Q(price_per_week__gte=Decimal("0"))
                ),
                name="extended_care_prices_gte_0",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label}, {self.season}"


class Class(ShownInPublicLists):
    """An art or craft class an instructor proposes and an admin reviews.

    A class sold by the week or the day (`booking`) is a series: each week or day is a row of
    its own (`unit_of` the series), with its own seats, price and meetings, so availability, the
    rules, holds, seats, prices and the ledger take it as a class. The series itself is what the
    catalog shows; it has no meetings and takes no seat. A day of extended care is a row too
    (`extended_care`). Neither kind of row is listed (`LISTED`)."""

    # A seat taken moves these, and the lists write them in at each serving (`SEAT_FIGURES`).
    live_fields = frozenset({"seats", "enroll"})

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
    description = models.TextField(max_length=DESCRIPTION_MAX_LENGTH, blank=True)
    category = models.ForeignKey(
        Category, on_delete=models.PROTECT, null=True, blank=True, related_name="classes"
    )
    level = models.CharField(max_length=20, choices=Level.choices, blank=True)
    location = models.CharField(max_length=200, blank=True)
    # What a child brings to each meeting (an apron, a packed lunch): in every e-mail about it.
    what_to_bring = models.TextField(
        max_length=WHAT_TO_BRING_MAX_LENGTH, blank=True, default="", db_default=""
    )
    age_min = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MAX_AGE)]
    )
    age_max = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MAX_AGE)]
    )
    # The schedule as the instructor wrote it; classes.schedule expands it into Meeting rows.
    # A class without one is "to be announced".
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    # Weekdays the class meets, 0 for Monday to 6 for Sunday.
    meeting_days = models.JSONField(default=list, blank=True)
    start_time = models.TimeField(null=True, blank=True)
    end_time = models.TimeField(null=True, blank=True)
    # Dates inside the range with no meeting (holidays), as ISO dates.
    no_meeting_dates = models.JSONField(default=list, blank=True)
    # When Select stops; without it, the start of the first meeting.
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    # The first meeting's start and the last one's end, kept with the meetings so the lists can
    # filter and sort on them; null while the schedule is to be announced.
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    # When an edit last moved the first meeting to another time: the families enrolled before
    # then may cancel for a full refund for CHANGE_FULL_REFUND_DAYS after it.
    first_meeting_moved_at = models.DateTimeField(null=True, blank=True)
    # Set by an admin for a class whose instructor needs a child's whole care record: the
    # conditions, the diet and the doctor too, beside what every instructor of the child sees.
    care_full_record = models.BooleanField(
        default=False,
        db_default=False,
        help_text="The instructor sees the children's whole care records.",
    )
    # The season the class belongs to: when families may register for it, and its price rules.
    # None for a class of no season (registration follows the class alone).
    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, null=True, blank=True, related_name="classes"
    )
    booking = models.CharField(
        max_length=5, choices=Booking.choices, default=Booking.WHOLE, db_default=Booking.WHOLE
    )
    unit_of = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="units"
    )
    # "Week 2", "Tue 23 Jun": what a family reads beside the series' name.
    unit_label = models.CharField(max_length=40, blank=True, default="", db_default="")
    extended_care = models.ForeignKey(
        ExtendedCare, on_delete=models.CASCADE, null=True, blank=True, related_name="days"
    )
    # PostgreSQL's full-text document of the class (name, description, category, instructor),
    # kept by classes.search; unused on SQLite.
    search_vector = SearchVectorField(null=True, blank=True, editable=False)
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
            models.Index(fields=["status", "starts_at", "id"], name="class_soonest_idx"),
            models.Index(fields=["status", "price", "id"], name="class_price_idx"),
            models.Index(fields=["status", "category", "starts_at"], name="class_category_idx"),
            models.Index(fields=["status", "age_min", "age_max"], name="class_age_idx"),
            models.Index(fields=["status", "start_time"], name="class_part_of_day_idx"),
            models.Index(fields=["status", "seats"], name="class_seats_idx"),
            models.Index(fields=["unit_of", "start_date"], name="class_units_idx"),
            models.Index(fields=["extended_care", "start_date"], name="class_care_days_idx"),
            GinIndexOnPostgres(fields=["search_vector"], name="class_search_idx"),
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
            models.CheckConstraint(
                condition=models.Q(level__in=[*Level.values, ""]), name="class_level_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(age_min__isnull=True)
                | models.Q(age_max__isnull=True)
                | models.Q(age_min__lte=models.F("age_max")),
                name="class_ages_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(start_date__isnull=True)
                | models.Q(
                    end_date__gte=models.F("start_date"), end_time__gt=models.F("start_time")
                ),
                name="class_schedule_in_order",
            ),
            models.CheckConstraint(
                condition=models.Q(booking__in=Booking.values), name="class_booking_valid"
            ),
            # A unit is bought whole; a day of care belongs to no series and is bought whole.
            models.CheckConstraint(
                condition=models.Q(unit_of__isnull=True, extended_care__isnull=True)
                | models.Q(booking=Booking.WHOLE, unit_of__isnull=True)
                | models.Q(booking=Booking.WHOLE, extended_care__isnull=True),
                name="class_unit_or_care_day",
            ),
            # The first meeting and the last come together: both, or the schedule is open.
            models.CheckConstraint(
                condition=models.Q(starts_at__isnull=True, ends_at__isnull=True)
                | models.Q(ends_at__gt=models.F("starts_at")),
                name="class_meetings_span_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        """The name a family reads for what it paid for: a week's, a day's or a day of extended
        care's with its label ("Art Explorers — Week 2: Jun 28–Jul 2"), a whole class's alone."""
        return f"{self.name} — {self.unit_label}" if self.unit_label else self.name


# The rows the catalog shows: series and whole classes, not their weeks, days or care days.
LISTED = models.Q(unit_of__isnull=True, extended_care__isnull=True)


def is_sold_by_unit(camp_class: Class) -> bool:
    return camp_class.booking != Booking.WHOLE


class Meeting(ShownInPublicLists):
    """One meeting of a class on one day, in the school's time zone.

    Made from the class's schedule by classes.schedule. A meeting keeps its row (and so its
    calendar UID) across schedule changes: a change of time raises `sequence`, and a day dropped
    from the schedule stays as cancelled, so calendars that copied it learn it is off.
    """

    camp_class = models.ForeignKey(Class, on_delete=models.CASCADE, related_name="meetings")
    day = models.DateField()
    start = models.DateTimeField()
    end = models.DateTimeField()
    sequence = models.PositiveIntegerField(default=0)
    cancelled = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["start", "id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["camp_class", "start"], name="meeting_class_start_idx"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["camp_class", "day"], name="meeting_one_per_class_day"),
            models.CheckConstraint(
                condition=models.Q(end__gt=models.F("start")), name="meeting_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.camp_class} on {self.day}"

    @property
    def uid(self) -> str:
        # Stable for the life of the meeting, whatever its time becomes.
        return f"class-{self.camp_class_id}-{self.day.isoformat()}@{settings.CALENDAR_UID_DOMAIN}"


class ClassChange(models.Model):
    """A run of edits to a class after families chose it (`classes.changes`): the class as it
    was before the first, told to its families once the run is over."""

    camp_class = models.ForeignKey(Class, on_delete=models.CASCADE, related_name="changes")
    # `classes.changes.class_picture` before the first edit: meetings to come, where, who.
    before = models.JSONField()
    started_at = models.DateTimeField()
    # When the families are told: CLASS_CHANGE_NOTICE_DELAY_MINUTES after the first edit.
    due_at = models.DateTimeField()
    told_at = models.DateTimeField(null=True, blank=True)
    # The edits ended where they began: nobody was told.
    undone = models.BooleanField(default=False)

    class Meta:
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [models.Index(fields=["told_at", "due_at"], name="class_change_due_idx")]
        constraints = [
            # One open run per class: the edits within the delay join it.
            models.UniqueConstraint(
                fields=["camp_class"],
                condition=models.Q(told_at__isnull=True),
                name="class_change_one_open_per_class",
            ),
        ]

    def __str__(self) -> str:
        return f"Change of {self.camp_class} at {self.started_at}"
