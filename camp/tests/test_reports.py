"""The admins' season report (camp.reports): each figure against the lists it must agree with,
the spreadsheets, the questions it refuses, and its cost, which does not grow with the school.

Money is compared with Stripe's own list in books/tests/test_season_report.py, attendance
tallies with the actions' fold in attendance/tests/test_tally.py.
"""

import csv
import io
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from openpyxl import load_workbook

from accounts.models import Role
from camp.reports import period_for_report, season_report, season_reports_refresh
from care.models import CareRecord
from care.selectors import care_missing_for
from classes.models import Category, ClassStatus
from core.school_time import school_timezone, school_today
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    SeatHold,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.reports import season_participants
from enrolments.selectors import roster_for, waitlist_list_for_class
from extras.models import Question
from extras.services import answers_record
from payments.models import Payment, PaymentStatus
from testing.care import care_completed
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, PaymentFactory, UserFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

MONEY = ["Gross", "Discounts and credit", "Charged", "Refunds", "Net"]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def at_school(day, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), school_timezone())


@pytest.fixture
def admin():
    return UserFactory(role=Role.ADMIN)


@pytest.fixture
def as_admin(api_client_for, admin):
    return api_client_for(admin)


@pytest.fixture
def summer():
    """Registration opened at 9:00 at the school three days ago."""
    opened = at_school(school_today() - timedelta(days=3), 9)
    return a_season("Summer of paint", opens_in=opened - timezone.now())


def seated(camp_class, child, *, at=None, cancelled_at=None) -> Enrolment:
    """A seat taken in the class (and given back, at `cancelled_at`), the seats left kept."""
    enrolment = Enrolment.objects.create(
        student=child.account,
        participant=child,
        camp_class=camp_class,
        created_at=at or timezone.now(),
        status=EnrolmentStatus.CANCELLED if cancelled_at else EnrolmentStatus.ACTIVE,
        ended_at=cancelled_at,
    )
    if not cancelled_at:
        type(camp_class).objects.filter(pk=camp_class.pk).update(seats=camp_class.seats - 1)
        camp_class.refresh_from_db()
    return enrolment


def held(camp_class, child) -> SeatHold:
    return SeatHold.objects.create(
        student=child.account,
        participant=child,
        camp_class=camp_class,
        expires_at=timezone.now() + timedelta(minutes=10),
    )


def waiting(camp_class, child, rank: int) -> WaitlistEntry:
    return WaitlistEntry.objects.create(
        student=child.account,
        participant=child,
        camp_class=camp_class,
        status=WaitlistStatus.WAITING,
        rank=rank,
    )


def care_paid(day, child, *, status=PaymentStatus.ENROLLED) -> Payment:
    """A day of extended care paid at its price: seated (its seat taken), or refunded."""
    payment = PaymentFactory(
        student=child.account, participant=child, camp_class=day, price=day.price, status=status
    )
    if status == PaymentStatus.ENROLLED:
        type(day).objects.filter(pk=day.pk).update(seats=day.seats - 1)
        day.refresh_from_db()
    return payment


def report(client, **query):
    response = client.get("/api/reports/season", query)
    assert response.status_code == 200, response.json()
    return response.json()


class TestFigures:
    def test_registrations_by_day_and_the_opening_days_hours(self, as_admin, summer):
        camp_class = a_season_class(summer, "100.00", seats=20)
        opening = school_today() - timedelta(days=3)
        children = [ChildFactory() for _ in range(5)]
        seated(camp_class, children[0], at=at_school(opening, 9, 0))
        seated(camp_class, children[1], at=at_school(opening, 9, 59))
        seated(camp_class, children[2], at=at_school(opening, 14, 30))
        seated(
            camp_class,
            children[3],
            at=at_school(opening + timedelta(days=1), 23, 59),
            cancelled_at=at_school(opening + timedelta(days=2), 0, 1),
        )
        # Another season's seat is not this one's.
        other = a_season_class(a_season("Winter"), "50.00", seats=5)
        seated(other, children[4], at=at_school(opening, 9, 5))

        body = report(as_admin, season=summer.pk)

        by_day = {line["day"]: line for line in body["registrationsByDay"]}
        assert [line["day"] for line in body["registrationsByDay"]][-1] == (
            school_today().isoformat()
        )
        assert by_day[opening.isoformat()] == {
            "day": opening.isoformat(),
            "registrations": 3,
            "cancellations": 0,
        }
        assert by_day[(opening + timedelta(days=1)).isoformat()]["registrations"] == 1
        assert by_day[(opening + timedelta(days=2)).isoformat()]["cancellations"] == 1
        assert sum(line["registrations"] for line in body["registrationsByDay"]) == 4
        hours = {line["hour"]: line["registrations"] for line in body["openingDay"]["hours"]}
        assert body["openingDay"]["day"] == opening.isoformat()
        assert (hours[9], hours[14], sum(hours.values())) == (2, 1, 3)

    def test_each_classs_fill_agrees_with_its_roster_and_waitlist(self, as_admin, summer):
        pottery = a_season_class(summer, "100.00", seats=2, name="Pottery")
        weaving = a_season_class(summer, "100.00", seats=3, name="Weaving")
        quiet = a_season_class(summer, "100.00", seats=4, name="Quiet Sketching")
        a_season_class(summer, "100.00", seats=4, name="Not yet", status=ClassStatus.PENDING)
        children = [ChildFactory() for _ in range(7)]
        seated(pottery, children[0])
        seated(pottery, children[1])
        for rank, child in enumerate(children[2:5]):
            waiting(pottery, child, rank)
        seated(weaving, children[5])
        held(weaving, children[6])
        # An expired hold keeps nothing.
        SeatHold.objects.filter(camp_class=weaving).update(
            expires_at=timezone.now() - timedelta(seconds=1)
        )
        held(weaving, children[0])

        classes = report(as_admin, season=summer.pk)["classes"]

        assert [line["name"] for line in classes] == ["Pottery", "Weaving", "Quiet Sketching"]
        pottery_line = classes[0]
        assert pottery_line == {
            "classId": pottery.pk,
            "name": "Pottery",
            "category": pottery.category.name if pottery.category else "",
            "seats": 2,
            "enrolled": 2,
            "held": 0,
            "waitlisted": 3,
            "demand": 5,
        }
        assert (classes[1]["seats"], classes[1]["enrolled"], classes[1]["held"]) == (3, 1, 1)
        assert classes[2]["demand"] == 0
        for line, camp_class in ((classes[0], pottery), (classes[1], weaving), (classes[2], quiet)):
            roster = roster_for(classes=type(camp_class).objects.filter(pk=camp_class.pk))
            assert line["enrolled"] == roster.count()
            waitlist = waitlist_list_for_class(class_id=camp_class.pk)
            assert line["waitlisted"] == waitlist.filter(status=WaitlistStatus.WAITING).count()

    def test_missing_care_counts_the_children_the_care_rule_finds_wanting(self, as_admin, summer):
        camp_class = a_season_class(summer, "100.00", seats=20)
        done = ChildFactory(care=False)
        care_completed(done)
        unconfirmed = ChildFactory(care=False)
        care_completed(unconfirmed, confirmed_at=timezone.now() - timedelta(days=400))
        one_contact = ChildFactory(care=False)
        care_completed(one_contact, emergency_contacts=[{"name": "A", "phone": "+14155550100"}])
        no_consent = ChildFactory(care=False)
        care_completed(no_consent, photo_consent=None)
        no_record = ChildFactory(care=False)
        policy_unsigned = ChildFactory(care=False)
        care_completed(policy_unsigned)
        policy_unsigned.account.policy_acceptances.all().delete()
        # Taken by phone at the front desk, never confirmed by the family: done; taken long ago
        # and never confirmed since: wanting its confirmation.
        by_phone = ChildFactory(care=False)
        care_completed(by_phone, taken_at=timezone.now())
        CareRecord.objects.filter(participant=by_phone).update(confirmed_at=None)
        by_phone_long_ago = ChildFactory(care=False)
        care_completed(by_phone_long_ago, taken_at=timezone.now() - timedelta(days=400))
        CareRecord.objects.filter(participant=by_phone_long_ago).update(confirmed_at=None)
        children = [done, unconfirmed, one_contact, no_consent, no_record, policy_unsigned]
        children += [by_phone, by_phone_long_ago]
        for child in children:
            seated(camp_class, child)
        assert CareRecord.objects.filter(participant=no_record).count() == 0

        body = report(as_admin, season=summer.pk)

        wanting = care_missing_for(list(season_participants(summer)))
        assert body["missingCare"] == sum(1 for items in wanting.values() if items) == 6

    def test_instalments_and_attendance_are_empty_for_a_season_without_them(self, as_admin, summer):
        a_season_class(summer, "100.00", seats=20)

        body = report(as_admin, season=summer.pk)

        assert body["instalments"] == {
            "dueNext30Days": {"count": 0, "amount": 0.0},
            "overdue": {"count": 0, "amount": 0.0},
            "byWeek": [],
        }
        assert body["attendance"] == {"rate": None, "attended": 0, "absent": 0, "classes": []}
        assert body["money"]["net"] == 0.0

    def test_without_a_season_the_one_open_last_is_shown(self, as_admin, summer):
        a_season("Next summer", opens_in=timedelta(days=30))

        body = report(as_admin)

        assert body["season"]["id"] == summer.pk
        assert [season["name"] for season in body["seasons"]] == [
            "Next summer",
            "Summer of paint",
        ]
        assert body["from"] == (school_today() - timedelta(days=3)).isoformat()
        assert body["to"] == max(school_today(), summer.ends_on).isoformat()


class TestDayCamp:
    """A season with a day camp sold by the week and after-care: each week's and each day of
    care's seats and those taken, and extended care's money apart from the classes'."""

    def test_each_week_and_each_day_of_after_care_and_care_money_apart(self, as_admin, summer):
        camp = a_day_camp(summer, "200.00", weeks=2, seats=8)
        week_1, week_2 = units(camp)
        option = after_care(summer, per_day="25.00", seats=6)
        monday, tuesday, *rest = care_days_of(option, week_1)
        mia, leo = ChildFactory(), ChildFactory()
        seated(week_1, mia)
        seated(week_1, leo)
        seated(week_2, mia)
        held(week_2, leo)
        for child, day in ((mia, monday), (leo, monday), (mia, tuesday)):
            care_paid(day, child)
        # Leo's Tuesday, refunded by the school: charged and given back, no seat.
        care_paid(tuesday, leo, status=PaymentStatus.REFUNDED)
        paid_week = PaymentFactory(
            student=mia.account, participant=mia, camp_class=week_2, price=Decimal("200.00")
        )

        body = report(as_admin, season=summer.pk)

        assert body["classes"] == [
            {
                "classId": camp.pk,
                "name": "Art Explorers",
                "category": "",
                "seats": 16,
                "enrolled": 3,
                "held": 1,
                "waitlisted": 0,
                "demand": 4,
            }
        ]
        assert body["units"] == [
            {
                "classId": camp.pk,
                "unitId": unit.pk,
                "name": "Art Explorers",
                "label": unit.unit_label,
                "startsOn": unit.start_date.isoformat(),
                "endsOn": unit.end_date.isoformat(),
                "seats": 8,
                "taken": taken,
                "held": on_hold,
                "waitlisted": 0,
            }
            for unit, taken, on_hold in ((week_1, 2, 0), (week_2, 1, 1))
        ]
        days = [monday, tuesday, *rest, *care_days_of(option, week_2)]
        taken = {monday.pk: 2, tuesday.pk: 1}
        revenue = {monday.pk: 50.0, tuesday.pk: 25.0}
        assert body["extendedCare"] == [
            {
                "optionId": option.pk,
                "label": "After-care",
                "kind": "after",
                "dayId": day.pk,
                "day": day.start_date.isoformat(),
                "seats": 6,
                "taken": taken.get(day.pk, 0),
                "held": 0,
                "revenue": revenue.get(day.pk, 0.0),
            }
            for day in days
        ]
        by_kind = {line.pop("kind"): line for line in body["money"]["byKind"]}
        assert by_kind == {
            "classes": {
                "gross": 200.0,
                "adjustments": 0.0,
                "charged": float(paid_week.price),
                "refunds": 0.0,
                "net": 200.0,
            },
            "extendedCare": {
                "gross": 100.0,
                "adjustments": 0.0,
                "charged": 100.0,
                "refunds": 25.0,
                "net": 75.0,
            },
            "addOns": {
                "gross": 0.0,
                "adjustments": 0.0,
                "charged": 0.0,
                "refunds": 0.0,
                "net": 0.0,
            },
        }
        assert body["money"]["net"] == 275.0


class TestQuestionsRefused:
    @pytest.mark.parametrize(
        ("query", "field"),
        [
            ({"season": "spring"}, "season"),
            ({"from": "26 November"}, "from"),
            # A day no February has, in whatever year the suite runs.
            ({"to": f"{date.today().year}-02-30"}, "to"),
        ],
    )
    def test_a_malformed_question_names_its_field(self, as_admin, summer, query, field):
        response = as_admin.get("/api/reports/season", query)

        assert response.status_code == 400
        assert field in response.json()["errors"]

    def test_days_in_the_wrong_order_are_refused(self, as_admin, summer):
        today = school_today()
        query = {"season": summer.pk, "from": today.isoformat(), "to": str(today - timedelta(1))}

        response = as_admin.get("/api/reports/season", query)

        assert response.status_code == 400
        assert response.json()["errors"] == {"to": ["The last day comes before the first."]}

    def test_an_unknown_season_or_table_is_not_found(self, as_admin, summer):
        assert as_admin.get("/api/reports/season", {"season": summer.pk + 99}).status_code == 404
        assert as_admin.get("/api/reports/payroll.csv").status_code == 404

    @pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("student", 403)])
    def test_only_admins_read_it(self, client_as, summer, who, status):
        for url in ("/api/reports/season", "/api/reports/classes.csv", "/api/reports/money.xlsx"):
            assert client_as(who).get(url).status_code == status
        assert client_as("instructor").get("/api/reports/season").status_code == 403


class TestSpreadsheets:
    @pytest.fixture
    def sly(self, summer):
        """A class whose name a spreadsheet would run as a formula."""
        camp_class = a_season_class(summer, "100.00", seats=3, name="=HYPERLINK(evil)")
        seated(camp_class, ChildFactory())
        return camp_class

    def test_a_table_as_csv_with_its_headings_and_safe_cells(self, as_admin, summer, sly):
        response = as_admin.get("/api/reports/classes.csv", {"season": summer.pk})

        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")
        assert response["Content-Disposition"] == (
            'attachment; filename="camp-summer-of-paint-classes.csv"'
        )
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert rows[0] == [
            "Class",
            "Category",
            "Seats",
            "Enrolled",
            "Held now",
            "Waitlisted",
            "Demand",
        ]
        assert rows[1][0] == "'=HYPERLINK(evil)"
        assert rows[1][2:] == ["3", "1", "0", "0", "1"]

    def test_a_table_as_xlsx_that_a_spreadsheet_reads_back(self, as_admin, summer, sly):
        response = as_admin.get("/api/reports/classes.xlsx", {"season": summer.pk})

        assert response.status_code == 200
        assert response["Content-Type"] == XLSX
        sheet = load_workbook(io.BytesIO(response.content)).active
        rows = list(sheet.iter_rows(values_only=True))
        assert rows[0][:4] == ("Class", "Category", "Seats", "Enrolled")
        # Text, never a formula; the numbers are numbers.
        assert rows[1][0] == "'=HYPERLINK(evil)"
        assert sheet.cell(row=2, column=1).data_type == "s"
        assert rows[1][2:] == (3, 1, 0, 0, 1)

    @pytest.mark.parametrize(
        ("table", "headings"),
        [
            ("registrations", ["Day", "Registrations", "Cancellations"]),
            ("money", ["Figure", "Amount"]),
            (
                "money-by-week",
                ["Week of", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
            ),
            (
                "money-by-category",
                ["Category", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
            ),
            (
                "money-by-kind",
                ["Kind", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
            ),
            ("units", ["Class", "Week or day", "Seats", "Taken", "Held now"]),
            ("extended-care", ["Extended care", "Day", "Seats", "Taken", "Revenue"]),
            ("instalments", ["Instalments", "Count", "Amount"]),
            ("attendance", ["Class", "Meetings", "Attended", "Absent", "Rate"]),
            ("answers", ["Class", "Participant", "Question", "Answer"]),
        ],
    )
    def test_every_table_downloads(self, as_admin, summer, sly, table, headings):
        response = as_admin.get(f"/api/reports/{table}.csv", {"season": summer.pk})

        assert response.status_code == 200
        assert next(csv.reader(io.StringIO(response.content.decode()))) == headings

    def test_the_answers_table_has_every_answer_of_the_season_spreadsheet_safe(
        self, as_admin, summer, sly
    ):
        [seat] = Enrolment.objects.filter(camp_class=sly)
        wheel = Question.objects.create(camp_class=sly, label="Used a wheel?", kind="yes_no")
        heard = Question.objects.create(season=summer, label="Heard of us?", kind="short_text")
        answers_record(
            participant=seat.participant,
            answers={wheel.pk: False, heard.pk: "@SUM(A1)"},
            by_id=seat.student_id,
        )

        response = as_admin.get("/api/reports/answers.xlsx", {"season": summer.pk})

        sheet = load_workbook(io.BytesIO(response.content)).active
        name = seat.participant.name
        assert list(sheet.iter_rows(values_only=True)) == [
            ("Class", "Participant", "Question", "Answer"),
            ("'=HYPERLINK(evil)", name, "Used a wheel?", "No"),
            ("'=HYPERLINK(evil)", name, "Heard of us?", "'@SUM(A1)"),
        ]

    def test_the_opening_days_table_has_its_24_hours(self, as_admin, summer, sly):
        response = as_admin.get("/api/reports/opening-day.xlsx", {"season": summer.pk})

        rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
        assert len(rows) == 25
        assert rows[1] == ("00:00", 0)


def test_the_report_costs_the_same_queries_for_a_bigger_school(summer):
    """Every figure is an aggregate: more classes, seats and waitlists add no query."""
    category = Category.objects.create(slug="paint", name="Paint")
    period = period_for_report(summer, None, None)

    def school_of(size: int):
        for _ in range(size):
            camp_class = a_season_class(summer, "100.00", seats=5, category=category)
            seated(camp_class, ChildFactory())
            waiting(camp_class, ChildFactory(), 0)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            season_report(summer, period)
        return len(captured.captured_queries)

    school_of(1)
    small = queries()
    school_of(6)
    assert queries() == small


class TestKeptFresh:
    def test_a_report_made_is_kept_and_beat_makes_the_current_seasons_again(self, as_admin, summer):
        camp_class = a_season_class(summer, "100.00", seats=5, name="Wheel Pottery")
        seated(camp_class, ChildFactory())
        first = report(as_admin, season=summer.pk)

        seated(camp_class, ChildFactory())
        with CaptureQueriesContext(connection) as captured:
            kept = report(as_admin, season=summer.pk)
        # The admin's token and role are read; no figure is.
        assert not any("enrolments_enrolment" in query["sql"] for query in captured)
        assert kept == first
        assert kept["classes"][0]["enrolled"] == 1

        # A season long over is not made again; the current one is.
        a_season("Summer long ago", opens_in=-timedelta(days=400), starts_in_days=-300)
        assert season_reports_refresh() == 1
        again = report(as_admin, season=summer.pk)
        assert again["classes"][0]["enrolled"] == 2
        assert again["generatedAt"] > first["generatedAt"]
        # Its tables are read from the report made again.
        rows = list(
            csv.reader(
                io.StringIO(
                    as_admin.get("/api/reports/classes.csv", {"season": summer.pk}).content.decode()
                )
            )
        )
        assert rows[1][3] == "2"

    def test_other_days_asked_are_made_for_themselves(self, as_admin, summer):
        camp_class = a_season_class(summer, "100.00", seats=5)
        seated(camp_class, ChildFactory(), at=at_school(school_today() - timedelta(days=2), 10))
        today = school_today().isoformat()

        whole = report(as_admin, season=summer.pk)
        today_only = report(as_admin, season=summer.pk, **{"from": today, "to": today})

        assert sum(line["registrations"] for line in whole["registrationsByDay"]) == 1
        assert today_only["registrationsByDay"] == [
            {"day": today, "registrations": 0, "cancellations": 0}
        ]
