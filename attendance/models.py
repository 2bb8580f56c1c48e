"""Attendance on the days of camp: what staff did about each child at each meeting, the e-mails
it sent, and each meeting's count."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class AttendanceActionKind(models.TextChoices):
    CHECK_IN = "check_in", "Checked in"
    CHECK_OUT = "check_out", "Checked out"
    ABSENT = "absent", "Marked absent"
    # Takes back one earlier action (`undoes`), which then counts for nothing.
    UNDO = "undo", "Undone"


class CollectorKind(models.TextChoices):
    # The account holder of the child's family.
    GUARDIAN = "guardian", "Parent or guardian"
    # One of the care record's authorized pick-ups.
    PICKUP = "pickup", "Authorized pick-up"
    # Left on their own, where the care record allows it (or an adult taking their own class).
    ALONE = "alone", "Left alone"
    # Someone not on the list: only an admin, with a reason.
    OTHER = "other", "Someone else"
    # Handed from before-care to their class, or from their class to after-care: the meeting
    # they went to (`collected_by_id`), where the same hand-over checked them in.
    HANDED_OVER = "handover", "Handed over"


class AttendanceAction(models.Model):
    """One thing a member of staff did about one child at one meeting: checked them in, marked
    them absent, checked them out to someone, or undid their own last action. The child's status
    is the fold of these by the time taken (`attendance.lines.attendance_line_fold`).

    Recorded as taken and never changed or removed (database triggers refuse an UPDATE and a
    DELETE): it is the school's record of who was here and who took each child home. An action
    taken offline arrives later with its own `at`; `client_id`, the device's id for it, makes
    sending it again the same action.
    """

    meeting = models.ForeignKey(
        "classes.Meeting", on_delete=models.PROTECT, related_name="attendance_actions"
    )
    # A child with attendance is kept (attendance.services.records.participant_leaving_checked).
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.PROTECT, related_name="attendance_actions"
    )
    action = models.CharField(max_length=10, choices=AttendanceActionKind.choices)
    # When it was taken, on the device; the order of the record.
    at = models.DateTimeField()
    # When the server received it.
    recorded_at = models.DateTimeField(default=timezone.now)
    client_id = models.CharField(max_length=64, unique=True)
    # Who took it; their name as it was then, since the record outlives a renamed account.
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="attendance_actions"
    )
    by_name = models.CharField(max_length=200)
    # An undo's action; each action is undone at most once.
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="undone_by"
    )
    # A check-out's collector, as the care record named them when they collected the child.
    collected_by_kind = models.CharField(max_length=10, choices=CollectorKind.choices, blank=True)
    collected_by_id = models.CharField(max_length=64, blank=True)
    collected_by_name = models.CharField(max_length=200, blank=True)
    # Why an admin let someone not on the list collect the child.
    override_reason = models.TextField(max_length=500, blank=True)

    class Meta:
        # The tables keep the names they had in enrolments (and the triggers that guard this one,
        # enrolments/migrations/0010_attendance_never_edited.py): moving the models moved no rows.
        db_table = "enrolments_attendanceaction"
        ordering = ["at", "id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["meeting", "participant", "at"], name="attendance_line_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(action__in=AttendanceActionKind.values),
                name="attendance_action_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(collected_by_kind__in=["", *CollectorKind.values]),
                name="attendance_collector_kind_valid",
            ),
            # An undo names what it undoes; nothing else does.
            models.CheckConstraint(
                condition=models.Q(action=AttendanceActionKind.UNDO, undoes__isnull=False)
                | (~models.Q(action=AttendanceActionKind.UNDO) & models.Q(undoes__isnull=True)),
                name="attendance_undo_names_its_action",
            ),
            # A check-out says who collected the child; nothing else does.
            models.CheckConstraint(
                condition=(
                    models.Q(action=AttendanceActionKind.CHECK_OUT)
                    & ~models.Q(collected_by_kind="")
                )
                | (
                    ~models.Q(action=AttendanceActionKind.CHECK_OUT)
                    & models.Q(collected_by_kind="")
                ),
                name="attendance_check_out_has_collector",
            ),
            # A hand-over names the meeting the child went to.
            models.CheckConstraint(
                condition=~models.Q(collected_by_kind=CollectorKind.HANDED_OVER)
                | ~models.Q(collected_by_id=""),
                name="attendance_hand_over_names_meeting",
            ),
            # Someone not on the list is named, and the admin who allowed it said why.
            models.CheckConstraint(
                condition=~models.Q(collected_by_kind=CollectorKind.OTHER)
                | (~models.Q(collected_by_name="") & ~models.Q(override_reason="")),
                name="attendance_other_collector_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.get_action_display()}: {self.participant} at {self.meeting} by {self.by_name}"
        )


class AttendanceNotice(models.Model):
    """One e-mail about a child's attendance, sent once (`attendance.services.checks`):
    `key` names what it was about, a child still checked in at the end of a day
    (`still-checked-in:<participant>:<day>`) or not checked in to a meeting
    (`not-checked-in:<participant>:<meeting>`). Claimed in the transaction that queues the
    e-mail, so a second pass finds it taken."""

    key = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=40)
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="+"
    )
    meeting = models.ForeignKey("classes.Meeting", on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "enrolments_attendancenotice"
        ordering = ["-sent_at", "-id"]

    def __str__(self) -> str:
        return self.key


class AttendanceTally(models.Model):
    """A meeting's attendance counted: how many children the fold of its actions leaves attended
    (checked in, or checked in and out) and how many absent. Kept by `attendance_record` under
    the meeting's lock as each action arrives, so the school's reports add up a row per meeting
    rather than fold every action; `attendance_tallies_rebuild` counts them all again from the
    actions (one SQL statement), as the migration that made it did."""

    meeting = models.OneToOneField(
        "classes.Meeting", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    attended = models.PositiveIntegerField(default=0)
    absent = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "enrolments_attendancetally"

    def __str__(self) -> str:
        return f"{self.meeting}: {self.attended} attended, {self.absent} absent"
