"""The season's attendance, for the school's dashboard (`camp.reports`): read from each
meeting's tally (`AttendanceTally`), kept as actions arrive, not from the actions themselves."""

from dataclasses import dataclass
from datetime import date

from django.db.models import Count, Q, Sum

from attendance.models import AttendanceTally
from classes.models import Season


@dataclass(frozen=True)
class ClassAttendance:
    class_id: int
    name: str
    meetings: int
    attended: int
    absent: int

    @property
    def rate(self) -> float | None:
        counted = self.attended + self.absent
        return round(self.attended / counted, 4) if counted else None


def attendance_by_class(season: Season, start: date, end: date) -> list[ClassAttendance]:
    """For each of the season's classes with attendance taken at a meeting from `start` to
    `end`: the meetings taken, children attended and absent; the lowest rate first. One query,
    over the meetings' tallies."""
    rows = (
        AttendanceTally.objects.filter(
            meeting__camp_class__season=season, meeting__day__gte=start, meeting__day__lte=end
        )
        .filter(Q(attended__gt=0) | Q(absent__gt=0))
        .values("meeting__camp_class", "meeting__camp_class__name")
        .annotate(meetings=Count("pk"), attended_sum=Sum("attended"), absent_sum=Sum("absent"))
        .order_by()
    )
    classes = [
        ClassAttendance(
            class_id=row["meeting__camp_class"],
            name=row["meeting__camp_class__name"],
            meetings=row["meetings"],
            attended=row["attended_sum"],
            absent=row["absent_sum"],
        )
        for row in rows
    ]
    return sorted(classes, key=lambda line: (line.rate, line.name, line.class_id))
