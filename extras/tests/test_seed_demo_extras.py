from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from classes.management.commands.seed_demo import season_start
from classes.models import LISTED, Booking, Class, Season
from classes.schedule import school_timezone
from extras.models import AddOn, Question

pytestmark = pytest.mark.django_db


def seeded() -> str:
    """The demo, then its add-ons and questions; what the second command said."""
    call_command("seed_demo", stdout=StringIO())
    out = StringIO()
    call_command("seed_demo_extras", stdout=out)
    return out.getvalue()


def test_the_demo_s_add_ons_and_questions_are_made_once():
    assert seeded() == "Created 5 add-ons, 5 questions.\n"
    out = StringIO()
    call_command("seed_demo_extras", stdout=out)
    assert out.getvalue() == "Nothing to do: the demo's add-ons and questions are there already.\n"


def test_without_the_demo_there_is_nothing_to_add_to():
    out = StringIO()
    call_command("seed_demo_extras", stdout=out)
    assert out.getvalue() == "No demo season: run seed_demo first.\n"


def test_the_coming_summer_has_a_materials_fee_a_t_shirt_in_sizes_and_lunch_by_the_day():
    seeded()
    start = season_start(timezone.localdate(timezone=school_timezone()))
    summer = Season.objects.get(name=f"Summer {start.year}")

    pottery = Class.objects.filter(
        season=summer, category__slug="pottery-ceramics", unit_of=None
    ).order_by("id")
    fees = AddOn.objects.filter(camp_class__in=pottery, label="Materials fee")
    assert pottery.exists()
    assert sorted(fee.camp_class_id for fee in fees) == [c.pk for c in pottery]
    assert all(fee.required and fee.price == Decimal("18.00") for fee in fees)
    shirt = AddOn.objects.get(season=summer, label="Camp T-shirt")
    assert not shirt.required and shirt.non_refundable_once_delivered
    assert [(o.label, o.stock, o.sold) for o in shirt.options.all()] == [
        ("S", 20, 0),
        ("M", 30, 0),
        ("L", 20, 0),
    ]
    lunch = AddOn.objects.get(label="Lunch")
    assert (lunch.camp_class.name, lunch.camp_class.booking, lunch.per_day) == (
        "Young Makers Studio",
        Booking.DAYS,
        True,
    )


def test_the_season_asks_about_sensory_needs_with_a_follow_up_and_pottery_about_the_wheel():
    seeded()

    season = Season.objects.get(questions__label="Any sensory needs we should plan for?")
    sensory, helps = season.questions.order_by("position")
    assert (sensory.kind, sensory.required, sensory.instructor_sees) == ("yes_no", True, True)
    assert (helps.label, helps.kind, helps.show_if_question, helps.show_if_answer) == (
        "Tell us what helps",
        "long_text",
        sensory,
        "yes",
    )
    wheel = Question.objects.filter(label="Has your child used a pottery wheel?")
    assert {q.camp_class.category.slug for q in wheel} == {"pottery-ceramics"}
    assert {q.camp_class.season_id for q in wheel} == {season.pk}
    assert (
        wheel.count()
        == Class.objects.filter(LISTED, season=season, category__slug="pottery-ceramics").count()
    )
    assert all(q.instructor_sees and q.kind == "yes_no" for q in wheel)
