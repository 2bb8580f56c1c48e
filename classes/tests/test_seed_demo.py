from datetime import date, time, timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from PIL import Image

from accounts.models import Participant, Role, User
from classes.catalog import class_ended
from classes.management.commands.seed_demo import (
    CLASSES,
    DAY_CAMPS,
    LAST_SEASON,
    independence_day_observed,
    last_season_start,
    season_start,
)
from classes.models import (
    LISTED,
    Booking,
    CareKind,
    Category,
    Class,
    ClassStatus,
    ExtendedCare,
    Meeting,
    Season,
)
from classes.registration import registration_shut
from classes.schedule import meetings_of, school_timezone
from classes.selectors import popular_class_list
from core.pictures import WIDTHS, sources

pytestmark = pytest.mark.django_db


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def this_summer():
    """The coming summer's classes, without last summer's run of some of them."""
    last_summer = Season.objects.order_by("starts_on").first()
    return Class.objects.exclude(season=last_summer)


def counts() -> dict:
    return {
        "users": User.objects.count(),
        "classes": Class.objects.count(),
        "meetings": Meeting.objects.count(),
        "participants": Participant.objects.count(),
        **{status: Class.objects.filter(status=status).count() for status in ClassStatus},
    }


def test_seeding_twice_creates_the_demo_once(emulator):
    first = seed()
    after_first = counts()

    second = seed()

    assert first.splitlines() == [
        "Created 7 instructors, 2 demo accounts, 2 children, 3 seasons, 36 classes, "
        "2 extended-care options, 9 emulator sign-ins.",
        "Demo student: student@camp.test; demo admin: admin@camp.test.",
        "Every demo account signs in with the password Camp@2003.",
    ]
    assert second == "Nothing to do: demo data already present.\n"
    assert counts() == after_first
    # The day camps' units: five weeks, and five weeks of days but the Fourth of July's; a day
    # of before-care and one of after-care for each day they meet.
    units = 5 + 24
    care_days = 2 * 24
    assert after_first == {
        "users": 9,
        # This summer's 26 (two of them day camps), last summer's run of 10 of them, and the
        # day camps' units and days of care.
        "classes": 36 + units + care_days,
        "meetings": after_first["meetings"],
        # The demo student's "Myself" and two children.
        "participants": 3,
        ClassStatus.APPROVED: 30 + units + care_days,
        ClassStatus.PENDING: 4,
        ClassStatus.DENIED: 2,
        ClassStatus.WITHDRAWN: 0,
        ClassStatus.CANCELLED: 0,
    }
    assert after_first["meetings"] > 26 + units + care_days
    assert ExtendedCare.objects.count() == 2


def test_the_demo_accounts_sign_in_through_the_emulator(emulator, api_client):
    seed()

    id_token = emulator.sign_in("student@camp.test", "Camp@2003")
    response = api_client.post(
        "/api/jwt", {"email": "student@camp.test", "idToken": id_token}, format="json"
    )

    assert response.status_code == 200
    assert User.objects.filter(email="student@camp.test").count() == 1


def test_the_demo_has_a_past_an_open_and_a_coming_season_and_its_classes_are_in_the_open_one():
    seed()

    now = timezone.now()
    past, open_now, coming = Season.objects.order_by("starts_on")
    assert past.closes_at <= now
    assert open_now.opens_at <= now < open_now.closes_at
    assert now < coming.early_access_opens_at < coming.opens_at
    assert coming.early_access_returning
    assert set(Class.objects.values_list("season", flat=True)) == {past.pk, open_now.pk}
    assert Class.objects.filter(LISTED, season=open_now).count() == len(CLASSES) + len(DAY_CAMPS)
    first_day = season_start(timezone.localdate(timezone=school_timezone()))
    assert open_now.name == f"Summer {first_day.year}"


def test_last_summer_s_run_of_some_classes_has_ended_and_filled_up():
    seed()

    past = Season.objects.order_by("starts_on").first()
    last_summer = Class.objects.filter(season=past)
    assert sorted(last_summer.values_list("name", flat=True)) == sorted(LAST_SEASON)
    assert all(class_ended(camp_class) for camp_class in last_summer)
    assert set(last_summer.values_list("status", "seats")) == {(ClassStatus.APPROVED, 0)}
    # Each has this summer's run beside it, open.
    for camp_class in last_summer:
        assert Class.objects.filter(name=camp_class.name).exclude(season=past).exists()


@pytest.mark.parametrize("month", range(1, 13))
def test_last_summer_s_classes_have_ended_whenever_the_demo_is_seeded(month):
    today = timezone.localdate().replace(month=month, day=20)
    start = season_start(today)

    first = last_season_start(start, today)

    assert first.weekday() == 0
    assert first <= date(start.year - 1, 6, 14)
    # The last of them ended in its season's fourth week, two weeks before the seeding at least.
    assert first + timedelta(weeks=4) <= today - timedelta(weeks=2)


def test_the_demo_people_have_their_roles():
    seed()

    assert User.objects.get(email="student@camp.test").role == Role.STUDENT
    assert User.objects.get(email="admin@camp.test").role == Role.ADMIN
    instructors = User.objects.filter(role=Role.INSTRUCTOR)
    assert instructors.count() == 7
    assert all(person.name and person.photo for person in instructors)


def test_the_demo_covers_free_seats_full_classes_and_cents():
    seed()
    approved = Class.objects.filter(status=ClassStatus.APPROVED)

    assert approved.filter(seats=0).exists()
    assert approved.filter(seats__gt=0).exists()
    assert Class.objects.filter(price=Decimal("19.99")).exists()
    assert len(set(Class.objects.values_list("price", flat=True))) > 10


def test_the_popular_classes_are_in_a_clear_order():
    seed()

    enrolments = [camp_class.enroll for camp_class in popular_class_list()]

    assert len(enrolments) == 6
    assert enrolments == sorted(set(enrolments), reverse=True)


def test_every_demo_image_is_shipped_with_the_site():
    seed()
    images = list(Class.objects.filter(LISTED).values_list("image", flat=True))
    images += User.objects.values_list("photo", flat=True)

    for image in images:
        assert image.startswith(settings.STATIC_URL)
        shipped = settings.BASE_DIR / "static" / image.removeprefix(settings.STATIC_URL)
        assert shipped.is_file(), f"{image} is not in static/"


def test_every_demo_picture_comes_in_webp_at_the_widths_its_srcset_names():
    seed()
    banners = set(Class.objects.filter(LISTED).values_list("image", flat=True))
    portraits = set(User.objects.values_list("photo", flat=True))

    for pictures, place, widest in ((banners, "card", 1280), (portraits, "card", 960)):
        for picture in pictures:
            srcset = sources(picture, place).srcset
            candidates = [candidate.split(" ") for candidate in srcset.split(", ")]
            assert [int(width.removesuffix("w")) for _, width in candidates] == [
                width for width in WIDTHS if width <= widest
            ], picture
            for url, width in candidates:
                shipped = settings.BASE_DIR / "static" / url.removeprefix(settings.STATIC_URL)
                with Image.open(shipped) as copy:
                    assert (copy.format, copy.width) == ("WEBP", int(width.removesuffix("w")))


def test_seeding_again_keeps_what_people_did_in_the_demo():
    seed()
    pottery = this_summer().get(name="Wheel-Thrown Pottery")
    pottery.seats, pottery.enroll = pottery.seats - 1, pottery.enroll + 1
    pottery.save()
    student = User.objects.get(email="student@camp.test")
    student.role = Role.INSTRUCTOR
    student.save()
    pending = Class.objects.filter(status=ClassStatus.PENDING).first()
    pending.status = ClassStatus.APPROVED
    pending.save()

    seed()

    assert Class.objects.get(pk=pottery.pk).enroll == pottery.enroll
    assert Class.objects.get(pk=pottery.pk).seats == pottery.seats
    assert User.objects.get(pk=student.pk).role == Role.INSTRUCTOR
    assert Class.objects.get(pk=pending.pk).status == ClassStatus.APPROVED


def test_seeding_an_admin_who_already_signed_in_gives_them_the_admin_role():
    User.objects.create_user(email="admin@camp.test", role=Role.STUDENT)

    seed()

    assert User.objects.get(email="admin@camp.test").role == Role.ADMIN


class TestTheSeason:
    """A summer season that is always ahead, whatever day the demo is seeded."""

    @pytest.mark.parametrize("year", [2026, 2027, 2028, 2031])
    def test_it_starts_on_the_coming_second_monday_of_june_at_least_three_weeks_ahead(self, year):
        for offset in range(366):
            today = date(year, 1, 1) + timedelta(days=offset)

            start = season_start(today)

            assert start.weekday() == 0
            assert (start.month, 8 <= start.day <= 14) == (6, True)
            # Three weeks at least; at most the next summer's (some thirteen months off in May).
            assert timedelta(weeks=3) <= start - today <= timedelta(days=392)

    def test_mid_june_seeds_next_summer(self):
        assert season_start(date(2027, 6, 1)) == date(2028, 6, 12)
        assert season_start(date(2027, 5, 24)) == date(2027, 6, 14)

    def test_independence_day_is_kept_on_a_weekday(self):
        assert independence_day_observed(2027) == date(2027, 7, 5)  # a Sunday: Monday
        assert independence_day_observed(2026) == date(2026, 7, 3)  # a Saturday: Friday
        assert independence_day_observed(2028) == date(2028, 7, 4)

    def test_every_class_meets_in_the_coming_season_with_its_meetings_made(self):
        seed()
        start = season_start(timezone.localdate(timezone=school_timezone()))

        # A day camp's meetings are its units' (rows bought whole of their own).
        classes = list(this_summer().filter(booking=Booking.WHOLE))
        assert all(camp_class.starts_at > timezone.now() for camp_class in classes)
        first_day = min(camp_class.starts_at for camp_class in classes)
        last_day = max(camp_class.ends_at for camp_class in classes)
        assert first_day.astimezone(school_timezone()).date() == start
        assert last_day - first_day >= timedelta(weeks=5)
        for camp_class in classes:
            made = [(m.start, m.end) for m in camp_class.meetings.filter(cancelled=False)]
            assert made == [(m.start, m.end) for m in meetings_of(camp_class)]
            assert made, f"{camp_class.name} has no meetings"

    def test_mornings_afternoons_children_teens_and_adults(self):
        seed()
        approved = Class.objects.filter(LISTED, status=ClassStatus.APPROVED)

        assert approved.filter(start_time__lt=time(12)).count() >= 5
        assert approved.filter(start_time__gte=time(12), start_time__lt=time(17)).count() >= 5
        assert approved.filter(age_min=5).exists()
        assert approved.filter(age_max=17).exists()
        adults = approved.filter(age_min=18, age_max=None)
        assert adults.count() >= 3
        ages = set()
        for camp_class in approved.exclude(age_min=18):
            ages |= set(range(camp_class.age_min, camp_class.age_max + 1))
        assert ages == set(range(5, 18))

    def test_every_category_has_an_approved_class(self):
        seed()

        shown = set(
            Class.objects.filter(LISTED, status=ClassStatus.APPROVED).values_list(
                "category__slug", flat=True
            )
        )

        assert shown == set(Category.objects.values_list("slug", flat=True))

    def test_every_class_describes_itself(self):
        seed()

        for camp_class in Class.objects.filter(LISTED):
            paragraphs = camp_class.description.split("\n\n")
            assert 2 <= len(paragraphs) <= 3, camp_class.name
            assert all(paragraph.strip() for paragraph in paragraphs)
            assert len(camp_class.description) <= 2000
            assert camp_class.level and camp_class.location and camp_class.category_id
            assert camp_class.what_to_bring, camp_class.name
            assert len(camp_class.name) <= 40
        rooms = set(Class.objects.filter(LISTED).values_list("location", flat=True))
        assert {"Studio A", "Clay Studio", "Wood Shop", "Garden Pavilion"} <= rooms

    def test_one_day_workshops(self):
        seed()

        workshops = [
            c
            for c in Class.objects.filter(LISTED, booking=Booking.WHOLE)
            if c.meetings.count() == 1
        ]

        assert len(workshops) >= 2
        assert all(workshop.start_date == workshop.end_date for workshop in workshops)

    def test_a_class_skips_the_fourth_of_july_holiday(self):
        seed()
        holiday = independence_day_observed(season_start(timezone.localdate()).year)

        (camp_class,) = [
            c
            for c in Class.objects.filter(LISTED, booking=Booking.WHOLE)
            if holiday.isoformat() in c.no_meeting_dates
        ]
        days = [meeting.day for meeting in camp_class.meetings.all()]

        assert holiday not in days
        assert len(days) == 4
        assert camp_class.start_date <= holiday <= camp_class.end_date

    def test_some_classes_close_registration_early_and_all_are_open_now(self):
        seed()
        classes = list(this_summer())
        closing = [c for c in classes if c.registration_closes_at is not None]

        assert 3 <= len(closing) < len(classes)
        assert all(timezone.now() < c.registration_closes_at < c.starts_at for c in closing)
        assert all(registration_shut(camp_class=camp_class) is None for camp_class in classes)

    def test_seeding_again_makes_no_meeting_twice(self):
        seed()
        meetings = list(Meeting.objects.values_list("id", "camp_class_id", "day", "sequence"))

        seed()

        assert list(Meeting.objects.values_list("id", "camp_class_id", "day", "sequence")) == (
            meetings
        )


class TestTheDayCamps:
    """A season of weekly day camps, one sold by the week and one by the day, with before- and
    after-care, as a school that sells camp that way has it."""

    def test_one_is_sold_by_the_week_and_one_by_the_day_over_the_season_s_first_five_weeks(self):
        seed()
        start = season_start(timezone.localdate(timezone=school_timezone()))
        holiday = independence_day_observed(start.year)
        zone = school_timezone()

        weekly = Class.objects.get(name="Art Explorers", unit_of=None)
        daily = Class.objects.get(name="Young Makers Studio", unit_of=None)

        assert (weekly.booking, weekly.age_min, weekly.age_max) == (Booking.WEEKS, 6, 9)
        assert (daily.booking, daily.age_min, daily.age_max) == (Booking.DAYS, 10, 13)
        for series in (weekly, daily):
            assert series.status == ClassStatus.APPROVED
            assert series.season.name == f"Summer {start.year}"
            assert not series.meetings.exists()
            units = list(series.units.order_by("start_date"))
            assert {unit.status for unit in units} == {ClassStatus.APPROVED}
            assert {unit.price for unit in units} == {series.price}
            days = [m.day for unit in units for m in unit.meetings.order_by("day")]
            assert days[0] == start
            assert days[-1] == start + timedelta(weeks=4, days=4)
            assert holiday not in days
            assert {day.weekday() for day in days} == set(range(5))
            assert len(days) == 24
            for unit in units:
                for meeting in unit.meetings.all():
                    hours = (
                        meeting.start.astimezone(zone).time(),
                        meeting.end.astimezone(zone).time(),
                    )
                    assert hours == (time(9), time(15))
        weeks = list(weekly.units.order_by("start_date"))
        assert [unit.unit_label.split(":")[0] for unit in weeks] == [
            f"Week {n}" for n in range(1, 6)
        ]
        assert [unit.meetings.count() for unit in weeks].count(4) == 1
        assert {unit.seats for unit in weeks} == {16}
        assert weekly.price == Decimal("245.00")
        # One day of the daily camp is sold out, so a family sees a full day beside open ones.
        seats = list(daily.units.order_by("start_date").values_list("seats", flat=True))
        assert (seats.count(0), seats[4], set(seats) - {0}) == (1, 0, {12})
        assert daily.price == Decimal("55.00")

    def test_before_and_after_care_every_day_the_camps_meet_led_by_an_instructor(self):
        seed()
        season = Class.objects.get(name="Art Explorers", unit_of=None).season
        camp_days = sorted(
            set(
                Meeting.objects.filter(camp_class__unit_of__isnull=False).values_list(
                    "day", flat=True
                )
            )
        )

        before, after = ExtendedCare.objects.filter(season=season).order_by("start_time")

        assert (before.kind, before.start_time, before.end_time) == (
            CareKind.BEFORE,
            time(7, 30),
            time(9),
        )
        assert (after.kind, after.start_time, after.end_time) == (
            CareKind.AFTER,
            time(15),
            time(18),
        )
        assert (before.price_per_day, before.price_per_week, before.seats) == (
            Decimal("15.00"),
            Decimal("60.00"),
            20,
        )
        assert (after.price_per_day, after.price_per_week, after.seats) == (
            Decimal("25.00"),
            Decimal("100.00"),
            20,
        )
        for option in (before, after):
            assert option.led_by.role == Role.INSTRUCTOR
            days = option.days.order_by("start_date")
            assert [day.start_date for day in days] == camp_days
            assert {(day.price, day.seats, day.status) for day in days} == {
                (option.price_per_day, 20, ClassStatus.APPROVED)
            }
        assert before.led_by != after.led_by

    def test_seeding_again_keeps_the_care_a_school_changed_and_makes_no_day_twice(self):
        seed()
        after = ExtendedCare.objects.get(kind=CareKind.AFTER)
        after.seats = 12
        after.save()
        rows = list(Class.objects.order_by("id").values_list("id", flat=True))

        seed()

        assert ExtendedCare.objects.get(pk=after.pk).seats == 12
        assert list(Class.objects.order_by("id").values_list("id", flat=True)) == rows
