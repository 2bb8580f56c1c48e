"""A lottery season on a phone (390 px). A parent ranks wishes for her two children, asks to have
them placed together, and reads the school's commitment and her family's code. The clock moves
to the draw's time and the school makes the draw: a family drawn before hers took one of the first
wish's two seats, so her children go together to their second wish. She reads why, accepts the
two seats and pays for both in one checkout at localstripe."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from classes.models import Allocation, Class
from e2e.class_steps import check_accessible, sign_in
from e2e.payment_steps import CARD_OK, fill_card, student_member, summer_class
from enrolments.models import Enrolment
from lottery.draw import seed_hash
from lottery.models import Entry, Tier, Together, Wish
from lottery.services import ChildWishes, draw_commit, draw_run, wishes_put
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
SEED = "the school's winter seed"


def _fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check_accessible(page)


def _wish(main, child: str, *classes: Class) -> None:
    for camp_class in classes:
        main.get_by_label(f"Add a class to {child}'s wishes").select_option(str(camp_class.pk))
        main.get_by_role("group", name=f"Wishes for {child}").get_by_role(
            "button", name="Add", exact=True
        ).click()


def test_a_parent_wishes_for_two_children_together_and_pays_for_what_the_draw_gave(
    page: Page, emulator, live_server
):
    now = timezone.now()
    # The wishes close in a few minutes: long enough to make them, short enough that the
    # session's tokens, dated by the real clock, still stand when the clock moves to the draw.
    closes = now + timedelta(minutes=3)
    season = a_season(
        "Winter Studio",
        opens_in=timedelta(days=5),
        starts_in_days=60,
        allocation=Allocation.LOTTERY,
        wishes_open_at=now - timedelta(days=1),
        wishes_close_at=closes,
        draw_at=closes,
    )
    clay = summer_class(season, "Winter Clay", "pottery.webp", "40.00", week=0)
    prints = summer_class(season, "Snow Prints", "origami.webp", "35.00", week=1)
    Class.objects.filter(pk__in=[clay.pk, prints.pk]).update(seats=2)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    # A returning family, drawn first, whose child wishes for Winter Clay.
    ahead = UserFactory()
    ahead_child = ChildFactory(account=ahead)
    wishes_put(
        family=ahead,
        season_id=season.pk,
        children=[ChildWishes(ahead_child.pk, [clay.pk])],
        together=[],
    )
    Entry.objects.filter(family=ahead).update(tier=Tier.RETURNING)
    sam = student_member(emulator, live_server)
    mia = ChildFactory(account=sam, first_name="Mia", last_name="Rivera")
    leo = ChildFactory(account=sam, first_name="Leo", last_name="Rivera")
    wishes_url = f"/dashboard/seasons/{season.pk}/wishes"

    sign_in(page, sam.email)
    # Signed in at a desktop's width (the step reads the open menu), then on the phone.
    page.set_viewport_size(PHONE)
    page.goto(wishes_url)
    main = page.get_by_role("main")
    expect(
        main.get_by_role("heading", level=1, name="Your wishes for Winter Studio")
    ).to_be_visible()
    expect(main.get_by_text(seed_hash(SEED))).to_be_visible()
    _wish(main, "Mia Rivera", clay, prints)
    _wish(main, "Leo Rivera", clay, prints)
    together = main.get_by_role("group", name="Place together")
    together.get_by_role("checkbox", name="Mia Rivera").check()
    together.get_by_role("checkbox", name="Leo Rivera").check()
    _fits_the_phone(page)
    main.get_by_role("button", name="Save your wishes").click()
    expect(page.get_by_text("Your wishes are saved.")).to_be_visible()

    code = Entry.objects.get(family=sam).code
    expect(main.get_by_text(f"Your family's code on the draw page: {code}")).to_be_visible()
    assert list(Wish.objects.filter(participant=mia).values_list("rank", "camp_class")) == [
        (1, clay.pk),
        (2, prints.pk),
    ]
    assert set(Together.objects.values_list("participant", flat=True)) == {mia.pk, leo.pk}
    _fits_the_phone(page)

    with time_machine.travel(season.draw_at + timedelta(seconds=30), tick=True):
        draw_run(season_id=season.pk, seed=SEED)
        page.goto(wishes_url)
        result = main.get_by_role("region", name="The draw's result")
        expect(result.get_by_text("Your family was drawn 2nd of 2.")).to_be_visible()
        expect(result.get_by_text("Your 2nd wish")).to_have_count(2)
        expect(
            result.get_by_text("The first wish had a seat left, but not for every child")
        ).to_have_count(2)
        expect(result.get_by_text("1st on the waitlist for Winter Clay")).to_be_visible()
        _fits_the_phone(page)

        result.get_by_role("button", name="Accept and pay").click()
        expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
        checkout_together = page.get_by_role("region", name="Check out together")
        for child in ("Mia Rivera", "Leo Rivera"):
            expect(
                checkout_together.get_by_role("checkbox", name=f"Snow Prints for {child}")
            ).to_be_checked()
        checkout_together.get_by_role("button", name="Check out").click()
        expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
        fill_card(page, CARD_OK)
        pay = main.get_by_role("button", name="Pay $70.00")
        expect(pay).to_be_enabled()
        pay.click()
        expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)

        page.goto(wishes_url)
        expect(main.get_by_text("Paid: the seat is yours.")).to_have_count(2)
        _fits_the_phone(page)

    assert set(Enrolment.objects.filter(student=sam).values_list("participant", "camp_class")) == {
        (mia.pk, prints.pk),
        (leo.pk, prints.pk),
    }
