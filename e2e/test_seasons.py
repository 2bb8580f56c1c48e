"""Before a season opens, a visitor sees how long until registration opens on the class's card
and page, with Select off; a family on the school's early-access list registers in the early
window."""

import re
from datetime import time, timedelta

from django.utils import timezone
from playwright.sync_api import expect

from classes.models import ClassStatus, Season, SeasonEarlyAccess
from e2e.class_steps import check_accessible, class_card, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import student_member
from testing.factories import scheduled_class

MON = 0


def next_summer(*, early_access_from=None) -> Season:
    now, today = timezone.now(), timezone.localdate()
    opens_at = now + timedelta(days=2, hours=3, minutes=5)
    return Season.objects.create(
        name="Next summer",
        starts_on=today + timedelta(days=40),
        ends_on=today + timedelta(days=100),
        opens_at=opens_at,
        closes_at=opens_at + timedelta(days=30),
        early_access_opens_at=early_access_from,
    )


def origami_in(season: Season):
    start = season.starts_on + timedelta(days=7 - season.starts_on.weekday())
    return scheduled_class(
        name="Origami Animals",
        image=demo_image("origami.webp"),
        start=start,
        end=start,
        days=(MON,),
        hours=(time(9), time(12)),
        status=ClassStatus.APPROVED,
        season=season,
    )


def test_a_visitor_sees_the_countdown_and_select_off_until_the_opening(page):
    origami_in(next_summer())

    page.goto("/all-classes")

    card = class_card(page, "Origami Animals")
    expect(card.get_by_text("Opens in 2 days")).to_be_visible()
    expect(card.get_by_role("button")).to_have_accessible_name("Opens soon")
    expect(card.get_by_role("button")).to_have_attribute("aria-disabled", "true")
    check_accessible(page)

    card.get_by_role("link", name="Origami Animals").click()
    main = page.get_by_role("main")
    expect(main.get_by_text(re.compile(r"^Registration opens in 2 days 3 hours$"))).to_be_visible()
    expect(main.get_by_role("button", name="Opens soon")).to_have_attribute("aria-disabled", "true")
    check_accessible(page)


def test_a_family_on_the_early_access_list_selects_in_the_early_window(page, emulator, live_server):
    student = student_member(emulator, live_server)
    season = next_summer(early_access_from=timezone.now() - timedelta(hours=1))
    SeasonEarlyAccess.objects.create(season=season, email=student.email)
    origami_in(season)
    sign_in(page, student.email)

    page.goto("/all-classes")

    select = class_card(page, "Origami Animals").get_by_role("button", name="Select")
    expect(select).not_to_have_attribute("aria-disabled", "true")
    select.click()
    expect(class_card(page, "Origami Animals").get_by_role("button")).to_have_accessible_name(
        "Selected"
    )
