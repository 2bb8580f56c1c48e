"""The school's season at a glance: the admins' dashboard (`GET /api/reports/season`) and its
tables as spreadsheets (`GET /api/reports/<table>.csv|.xlsx`).

Each app answers its own figures (`enrolments.reports`, `books.reports`,
`care.selectors.care_missing_count`); this module picks the season and the days, puts the
figures together as the API's JSON, and lays each section out as a table: the table a chart
stands beside in the browser, and the one a download holds. Every figure is an aggregate the
database makes; nothing here reads row by row.
"""

from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from attendance.reports import attendance_by_class
from books.reports import (
    ADD_ONS,
    CLASSES,
    EXTENDED_CARE,
    ZERO,
    Period,
    care_day_revenue,
    instalments_owed,
    season_money,
)
from care.selectors import care_missing_count
from classes.models import Season
from classes.registration import registration_opens_at, seasons_opened_by
from core.errors import InvalidInput, NotFound
from core.school_time import school_timezone, school_today
from core.spreadsheets import SafeCsvWriter, xlsx_bytes
from enrolments.reports import (
    SeasonFill,
    registrations_by_day,
    registrations_by_hour,
    season_answers,
    season_fill,
    season_participants,
)
from payments.services.common import CURRENCY

# Raised when the report gains or changes a field: the shared cache's older reports are left.
REPORT_SHAPE = 2
# The longest span a report covers: a season's registration and its days, with room to spare.
LONGEST_PERIOD_DAYS = 731


def seasons_newest_first() -> list[Season]:
    return list(Season.objects.order_by("-opens_at", "-id"))


def season_for_report(season_id: int | None) -> Season:
    """The season asked for; without one, the season whose registration opened last (or, before
    any has opened, the next to open)."""
    if season_id is not None:
        season = Season.objects.filter(pk=season_id).first()
        if season is None:
            raise NotFound(_("No such season."))
        return season
    now = timezone.now()
    opened = Season.objects.filter(seasons_opened_by(now, early_access=False))
    season = opened.order_by("-opens_at", "-id").first()
    season = season or Season.objects.order_by("opens_at", "id").first()
    if season is None:
        raise NotFound(_("There is no season to report on yet."))
    return season


def registration_opened_on(season: Season) -> date:
    """The school day a family could first register (early access, where the season has it)."""
    opened = registration_opens_at(season, early_access=True)
    return timezone.localtime(opened, school_timezone()).date()


def period_for_report(season: Season, start: date | None, end: date | None) -> Period:
    """The days asked for; by default from registration's first day to the later of today and
    the season's last day."""
    start = start or registration_opened_on(season)
    end = end or max(school_today(), season.ends_on)
    if end < start:
        raise InvalidInput({"to": [_("The last day comes before the first.")]})
    if (end - start).days >= LONGEST_PERIOD_DAYS:
        raise InvalidInput(
            {
                "to": [
                    _("A report covers at most %(LONGEST_PERIOD_DAYS)s days.")
                    % {"LONGEST_PERIOD_DAYS": LONGEST_PERIOD_DAYS}
                ]
            }
        )
    return Period(start=start, end=end)


def _money(amount: Decimal) -> float:
    return float(amount)


def _registrations(season: Season, period: Period) -> list[dict]:
    last = min(period.end, school_today())
    if last < period.start:
        return []
    return [
        {"day": line.day, "registrations": line.registrations, "cancellations": line.cancellations}
        for line in registrations_by_day(season, period.start, last)
    ]


def _opening_day(season: Season) -> dict:
    day = timezone.localtime(season.opens_at, school_timezone()).date()
    return {
        "day": day,
        # An hour's start tells apart the two hours a falling-back night's clock calls 1:00.
        "hours": [
            {"hour": line.hour, "startsAt": line.starts_at, "registrations": line.registrations}
            for line in registrations_by_hour(season, day)
        ],
    }


def _classes(fill: SeasonFill) -> list[dict]:
    return [
        {
            "classId": line.camp_class.pk,
            "name": line.camp_class.name,
            "category": line.camp_class.category.name if line.camp_class.category else "",
            "seats": line.capacity,
            "enrolled": line.enrolled,
            "held": line.held,
            "waitlisted": line.waitlisted,
            "demand": line.demand,
        }
        for line in fill.classes
    ]


def _units(fill: SeasonFill) -> list[dict]:
    """Each week or day of a class sold by them: its seats and how many are taken."""
    return [
        {
            "classId": line.camp_class.unit_of_id,
            "unitId": line.camp_class.pk,
            "name": line.camp_class.name,
            "label": line.camp_class.unit_label,
            "startsOn": line.camp_class.start_date,
            "endsOn": line.camp_class.end_date,
            "seats": line.capacity,
            "taken": line.enrolled,
            "held": line.held,
            "waitlisted": line.waitlisted,
        }
        for line in fill.units
    ]


def _extended_care(season: Season, fill: SeasonFill) -> list[dict]:
    """Each day of each option of extended care: its seats, how many are taken, and what it
    brought in."""
    revenue = care_day_revenue(season)
    return [
        {
            "optionId": line.camp_class.extended_care_id,
            "label": line.camp_class.extended_care.label,
            "kind": line.camp_class.extended_care.kind,
            "dayId": line.camp_class.pk,
            "day": line.camp_class.start_date,
            "seats": line.capacity,
            "taken": line.enrolled,
            "held": line.held,
            "revenue": _money(revenue.get(line.camp_class.pk, ZERO)),
        }
        for line in fill.care_days
    ]


def _money_line(line) -> dict:
    return {
        "gross": _money(line.gross),
        "adjustments": _money(-line.reductions),
        "charged": _money(line.charged),
        "refunds": _money(line.refunds),
        "net": _money(line.net),
    }


def _weeks(period: Period) -> list[date]:
    monday = period.start - timedelta(days=period.start.weekday())
    return [monday + timedelta(weeks=n) for n in range((period.end - monday).days // 7 + 1)]


def _money_section(season: Season, period: Period) -> dict:
    money = season_money(season, period)
    empty = type(money.total)()
    return {
        "gross": _money(money.total.gross),
        "adjustments": {kind: _money(amount) for kind, amount in money.adjustments.items()},
        "creditSpent": _money(money.credit_spent),
        "planLater": _money(money.plan_later),
        "instalmentsPaid": _money(money.instalments_paid),
        "charged": _money(money.total.charged),
        "refunds": _money(money.total.refunds),
        "creditIssued": _money(money.credit_issued),
        "net": _money(money.total.net),
        "byWeek": [
            {"weekOf": week, **_money_line(money.by_week.get(week, empty))}
            for week in _weeks(period)
        ],
        "byCategory": [
            {"category": category or "No category", **_money_line(line)}
            for category, line in sorted(money.by_category.items())
        ],
        # Classes (whole, by the week or the day), extended care and the add-ons bought with
        # them (their gross: the card money is the seats'), each always there.
        "byKind": [
            {"kind": kind, **_money_line(money.by_kind.get(kind, empty))}
            for kind in (CLASSES, EXTENDED_CARE, ADD_ONS)
        ],
    }


def _instalments(season: Season) -> dict:
    owed = instalments_owed(season)
    return {
        "dueNext30Days": {"count": owed.due_soon_count, "amount": _money(owed.due_soon)},
        "overdue": {"count": owed.overdue_count, "amount": _money(owed.overdue)},
        "byWeek": [
            {"weekOf": week, "count": count, "amount": _money(amount)}
            for week, (count, amount) in sorted(owed.by_week.items())
        ],
    }


def _attendance(season: Season, period: Period) -> dict:
    classes = attendance_by_class(season, period.start, period.end)
    attended = sum(line.attended for line in classes)
    absent = sum(line.absent for line in classes)
    return {
        "rate": round(attended / (attended + absent), 4) if attended + absent else None,
        "attended": attended,
        "absent": absent,
        "classes": [
            {
                "classId": line.class_id,
                "name": line.name,
                "meetings": line.meetings,
                "attended": line.attended,
                "absent": line.absent,
                "rate": line.rate,
            }
            for line in classes
        ],
    }


@contextmanager
def _planned_without_jit():
    """PostgreSQL compiles a query it expects to be costly (JIT), which for these aggregates over
    a season's rows took longer than running them (a third of the report at the bench's size):
    the report's statements are planned without it, in their own transaction."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL jit = off")
        yield


def season_report(season: Season, period: Period) -> dict:
    """The dashboard's figures, as the API's JSON."""
    with _planned_without_jit():
        return _season_report(season, period)


def _season_report(season: Season, period: Period) -> dict:
    fill = season_fill(season)
    return {
        "season": {
            "id": season.pk,
            "name": season.name,
            "opensAt": season.opens_at,
            "startsOn": season.starts_on,
            "endsOn": season.ends_on,
        },
        "seasons": [{"id": each.pk, "name": each.name} for each in seasons_newest_first()],
        "from": period.start,
        "to": period.end,
        "generatedAt": timezone.now(),
        "currency": CURRENCY,
        "registrationsByDay": _registrations(season, period),
        "openingDay": _opening_day(season),
        "classes": _classes(fill),
        "units": _units(fill),
        "extendedCare": _extended_care(season, fill),
        "money": _money_section(season, period),
        "instalments": _instalments(season),
        "attendance": _attendance(season, period),
        "missingCare": care_missing_count(season_participants(season)),
    }


def _kept_as(season: Season, period: Period) -> str:
    days = f"{period.start.isoformat()}:{period.end.isoformat()}"
    return f"season-report:{REPORT_SHAPE}:{season.pk}:{days}"


def season_report_shown(season: Season, period: Period) -> dict:
    """The report as an admin reads it: the one made for these days within the last
    `SEASON_REPORT_FRESH_SECONDS` (its `generatedAt` says when), else made now and kept that
    long in the shared cache. Beat makes the current seasons' again before theirs grow stale
    (`season_reports_refresh`), so the dashboard is answered at once on the busiest day."""
    report = cache.get(_kept_as(season, period))
    if report is None:
        report = season_report(season, period)
        cache.set(_kept_as(season, period), report, timeout=settings.SEASON_REPORT_FRESH_SECONDS)
    return report


def season_reports_refresh() -> int:
    """Make again, and keep, the report of each season an admin is likely to open now: those
    whose registration has opened and whose days ended less than a month ago. How many."""
    today = school_today()
    opened = seasons_opened_by(timezone.now(), early_access=True)
    seasons = Season.objects.filter(opened, ends_on__gte=today - timedelta(days=30))
    for season in seasons:
        period = period_for_report(season, None, None)
        cache.set(
            _kept_as(season, period),
            season_report(season, period),
            timeout=settings.SEASON_REPORT_FRESH_SECONDS,
        )
    return len(seasons)


# --- The tables: one per chart, each a heading row and its rows.


@dataclass(frozen=True)
class Table:
    headings: tuple[str, ...]
    rows: list[tuple]


def _registrations_table(report: dict) -> Table:
    rows = [
        (date.fromisoformat(str(line["day"])), line["registrations"], line["cancellations"])
        for line in report["registrationsByDay"]
    ]
    return Table(("Day", "Registrations", "Cancellations"), rows)


def _opening_day_table(report: dict) -> Table:
    opening = report["openingDay"]
    # On a day the school's clocks change, each hour says which time it is on (1:00 PDT, then
    # 1:00 PST).
    zoned = len({line["startsAt"].utcoffset() for line in opening["hours"]}) > 1
    hour = "%H:%M %Z" if zoned else "%H:%M"
    rows = [(line["startsAt"].strftime(hour), line["registrations"]) for line in opening["hours"]]
    return Table((f"Hour of {opening['day']}", "Registrations"), rows)


def _classes_table(report: dict) -> Table:
    rows = [
        (
            line["name"],
            line["category"],
            line["seats"],
            line["enrolled"],
            line["held"],
            line["waitlisted"],
            line["demand"],
        )
        for line in report["classes"]
    ]
    headings = ("Class", "Category", "Seats", "Enrolled", "Held now", "Waitlisted", "Demand")
    return Table(headings, rows)


def _units_table(report: dict) -> Table:
    rows = [
        (line["name"], line["label"], line["seats"], line["taken"], line["held"])
        for line in report["units"]
    ]
    return Table(("Class", "Week or day", "Seats", "Taken", "Held now"), rows)


def _extended_care_table(report: dict) -> Table:
    rows = [
        (
            line["label"],
            date.fromisoformat(str(line["day"])),
            line["seats"],
            line["taken"],
            line["revenue"],
        )
        for line in report["extendedCare"]
    ]
    return Table(("Extended care", "Day", "Seats", "Taken", "Revenue"), rows)


ADJUSTMENT_NAMES = {
    "earlyBird": "Early-bird prices",
    "sibling": "Sibling discounts",
    "multiClass": "Multi-class discounts",
    "multiWeek": "Multi-week discounts",
    "weeklyCare": "Extended care's weekly rates",
    "code": "Promo codes",
    "scholarship": "Scholarships",
    "other": "Other adjustments",
}


def _money_table(report: dict) -> Table:
    money = report["money"]
    rows = [("Gross (list prices)", money["gross"])]
    rows += [(ADJUSTMENT_NAMES[kind], amount) for kind, amount in money["adjustments"].items()]
    rows += [
        ("Paid with account credit", -money["creditSpent"]),
        ("Left for payment plans", -money["planLater"]),
        ("Instalments paid", money["instalmentsPaid"]),
        ("Charged to cards", money["charged"]),
        ("Refunds", -money["refunds"]),
        ("Net", money["net"]),
        ("Account credit issued", money["creditIssued"]),
    ]
    return Table(("Figure", "Amount"), rows)


MONEY_HEADINGS = ("Gross", "Discounts and credit", "Charged", "Refunds", "Net")


def _money_cells(line: dict) -> tuple:
    return (line["gross"], line["adjustments"], line["charged"], line["refunds"], line["net"])


def _money_by_week_table(report: dict) -> Table:
    rows = [(line["weekOf"], *_money_cells(line)) for line in report["money"]["byWeek"]]
    return Table(("Week of", *MONEY_HEADINGS), rows)


def _money_by_category_table(report: dict) -> Table:
    rows = [(line["category"], *_money_cells(line)) for line in report["money"]["byCategory"]]
    return Table(("Category", *MONEY_HEADINGS), rows)


KIND_NAMES = {CLASSES: "Classes", EXTENDED_CARE: "Extended care", ADD_ONS: "Add-ons"}


def _money_by_kind_table(report: dict) -> Table:
    rows = [(KIND_NAMES[line["kind"]], *_money_cells(line)) for line in report["money"]["byKind"]]
    return Table(("Kind", *MONEY_HEADINGS), rows)


def _instalments_table(report: dict) -> Table:
    owed = report["instalments"]
    soon, overdue = owed["dueNext30Days"], owed["overdue"]
    rows = [
        ("Due in the next 30 days", soon["count"], soon["amount"]),
        ("Overdue", overdue["count"], overdue["amount"]),
    ]
    rows += [
        (f"Due the week of {line['weekOf']}", line["count"], line["amount"])
        for line in owed["byWeek"]
    ]
    return Table(("Instalments", "Count", "Amount"), rows)


def _attendance_table(report: dict) -> Table:
    rows = [
        (line["name"], line["meetings"], line["attended"], line["absent"], line["rate"])
        for line in report["attendance"]["classes"]
    ]
    return Table(("Class", "Meetings", "Attended", "Absent", "Rate"), rows)


def _answers_table(report: dict) -> Table:
    """Every answer to the school's questions of the season's seats, read now (not from the
    kept report: the answers are the family's words, not a figure)."""
    season = Season.objects.get(pk=report["season"]["id"])
    rows = [
        (line.class_name, line.participant_name, line.question, line.answer)
        for line in season_answers(season)
    ]
    return Table(("Class", "Participant", "Question", "Answer"), rows)


TABLES: dict[str, Callable[[dict], Table]] = {
    "registrations": _registrations_table,
    "opening-day": _opening_day_table,
    "classes": _classes_table,
    "units": _units_table,
    "extended-care": _extended_care_table,
    "money": _money_table,
    "money-by-week": _money_by_week_table,
    "money-by-category": _money_by_category_table,
    "money-by-kind": _money_by_kind_table,
    "instalments": _instalments_table,
    "attendance": _attendance_table,
    "answers": _answers_table,
}


def report_table(name: str, season: Season, period: Period) -> Table:
    """One of the report's tables, from the report as admins read it."""
    if name not in TABLES:
        raise NotFound(_("No such report table."))
    return TABLES[name](season_report_shown(season, period))


def report_file_name(name: str, season: Season, extension: str) -> str:
    return f"camp-{slugify(season.name) or season.pk}-{name}.{extension}"


def table_csv_write(table: Table, target) -> None:
    writer = SafeCsvWriter(target)
    writer.writerow(table.headings)
    for row in table.rows:
        writer.writerow(["" if cell is None else cell for cell in row])


def table_xlsx(table: Table, title: str) -> bytes:
    return xlsx_bytes(table.headings, table.rows, title=title)
