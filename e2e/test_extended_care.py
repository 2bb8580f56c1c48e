"""An instructor's Today on a phone (390 px), on a day of a class sold by the day: each child
shows whether they go to after-care and with whom."""

from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Role
from classes.models import Booking, CareKind, Class, ClassStatus, Season
from classes.series import extended_care_offer
from classes.services import class_create
from core.school_time import school_today
from e2e.class_steps import instructor_member
from e2e.helpers import demo_image
from e2e.test_attendance import child_row
from e2e.today_steps import fits_the_screen, meeting_hours_around_now, open_today
from testing.day_camp import booked
from testing.factories import ChildFactory, UserFactory

pytestmark = pytest.mark.usefixtures("emulator")

ART_ADVENTURES = "Art Adventures"


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def today_at_camp(instructor):
    """Art Adventures, sold by the day, meeting today; after-care led by Sam Okafor. Mia stays
    for after-care, Leo goes home."""
    today = school_today()
    season = Season.objects.create(
        name="Day camp",
        starts_on=today,
        ends_on=today + timedelta(days=6),
        opens_at=timezone.now() - timedelta(days=30),
        closes_at=timezone.now() - timedelta(days=1),
    )
    start, end = meeting_hours_around_now()
    series = class_create(
        instructor=instructor,
        name=ART_ADVENTURES,
        image=demo_image("watercolor.webp"),
        price=Decimal("60.00"),
        seats=12,
        booking=Booking.DAYS,
        season=season,
        location="Studio 1",
        start_date=today,
        end_date=today,
        meeting_days=[today.weekday()],
        start_time=start,
        end_time=end,
    )
    Class.objects.filter(unit_of=series).update(status=ClassStatus.APPROVED)
    after_care = extended_care_offer(
        season=season,
        kind=CareKind.AFTER,
        label="After-care",
        start_time=time(15),
        end_time=time(18),
        price_per_day=Decimal("18.00"),
        seats=10,
        led_by=UserFactory(role=Role.INSTRUCTOR, name="Sam Okafor"),
    )
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
    leo = ChildFactory(account=parent, first_name="Leo", last_name="Lopez")
    day = series.units.get()
    booked(parent, mia, day, after_care.days.get())
    booked(parent, leo, day)


def test_the_instructors_today_on_a_phone_shows_who_goes_to_after_care_and_with_whom(
    page: Page, instructor, today_at_camp
):
    open_today(page, instructor.email, class_name=ART_ADVENTURES)

    mia = child_row(page, "Mia Lopez").get_by_role("list", name="Mia Lopez's day")
    expect(mia).to_have_text("After-care 3:00 PM–6:00 PM with Sam Okafor")
    leo = child_row(page, "Leo Lopez")
    expect(leo).to_be_visible()
    expect(leo.get_by_role("list", name="Leo Lopez's day")).to_have_count(0)
    fits_the_screen(page)
