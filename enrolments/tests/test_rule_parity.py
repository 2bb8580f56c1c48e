"""Every eligibility rule refuses wherever it is asked: for the cards before anyone clicks
(`family_refusals`, a batch), for one participant as paying asks (`enrolment_refusal`), under
the class's lock as the seat is taken (`seat_take`), and as a checkout is opened, by the family
or by the office for them at the front desk, which answer alike; the care rule only as the
family pays. Each rule of `rules.RULES` has a situation here in which it alone refuses; a rule
added without one fails the first test. The one difference at the desk: the school's policies
are the family's to sign online, so the office is not refused for them."""

from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.models import Role
from care.models import CareRecord, Policy, PolicyVersion
from checkout.items import Item, items_read
from checkout.services.family_checkout import checkout_open
from classes.models import Booking, CareKind, Class, ClassStatus, ExtendedCare, Season
from core.errors import Conflict, InvalidInput
from enrolments.models import EnrolmentStatus, SeatHold
from enrolments.rules import RULES, RefusalKind, enrolment_refusal, family_refusals
from enrolments.services import SeatRefused, seat_take
from front_desk.services.checkouts import desk_checkout_open
from testing.factories import (
    ChildFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

MON, WED, FRI = 0, 2, 4


def next_monday() -> date:
    today = timezone.localdate(timezone=ZoneInfo("America/Los_Angeles"))
    return today + timedelta(days=28 - today.weekday())


class Situation:
    """A family with one child, and a class the child could take until one rule says no."""

    def __init__(self):
        self.family = UserFactory()
        self.child = ChildFactory(account=self.family)
        self.camp_class = scheduled_class(
            name="Wheel-Thrown Pottery",
            start=next_monday(),
            end=next_monday() + timedelta(days=4),
            days=(MON, WED, FRI),
            hours=(time(9), time(12)),
            seats=1,
        )

    def change_class(self, **fields):
        Class.objects.filter(pk=self.camp_class.pk).update(**fields)
        self.camp_class.refresh_from_db()


def _not_open(situation):
    situation.change_class(status=ClassStatus.PENDING)


def _by_unit(situation):
    # The class is sold by the week: its weeks take seats, never the series itself.
    situation.change_class(booking=Booking.WEEKS)


def _care_alone(situation):
    # The class is a day of after-care, which goes with a booked day, at checkout.
    season = Season.objects.create(
        name="Day camp",
        starts_on=situation.camp_class.start_date,
        ends_on=situation.camp_class.end_date,
        opens_at=timezone.now() - timedelta(days=1),
        closes_at=timezone.now() + timedelta(days=90),
    )
    after_care = ExtendedCare.objects.create(
        season=season,
        kind=CareKind.AFTER,
        label="After-care",
        start_time=time(15),
        end_time=time(18),
        price_per_day=25,
        seats=10,
        led_by=situation.camp_class.instructor,
    )
    situation.change_class(season=season, extended_care=after_care)


def _season(situation):
    # The class's season opens tomorrow, and the family has no early access.
    now = timezone.now()
    season = Season.objects.create(
        name="Next summer",
        starts_on=situation.camp_class.start_date,
        ends_on=situation.camp_class.end_date,
        opens_at=now + timedelta(days=1),
        closes_at=now + timedelta(days=90),
    )
    situation.change_class(season=season)


def _enrolled(situation):
    EnrolmentFactory(
        student=situation.family, participant=situation.child, camp_class=situation.camp_class
    )


def _registration(situation):
    situation.change_class(registration_closes_at=timezone.now() - timedelta(hours=1))


def _ages(situation):
    # The child was born in 2017: far too young for a class for teenagers.
    situation.change_class(age_min=13, age_max=17)


def _selected(situation):
    SelectionFactory(
        student=situation.family, participant=situation.child, camp_class=situation.camp_class
    )


def _full(situation):
    # The one seat is held for another family while it pays.
    other = UserFactory()
    SeatHold.objects.create(
        student=other,
        participant=ChildFactory(account=other),
        camp_class=situation.camp_class,
        expires_at=timezone.now() + timedelta(minutes=10),
    )


def _care(situation):
    # The family has not filled in the child's record yet.
    CareRecord.objects.filter(participant=situation.child).delete()


def _clash(situation):
    weaving = scheduled_class(
        name="Loom Weaving",
        start=next_monday(),
        end=next_monday() + timedelta(days=4),
        days=(WED,),
        hours=(time(10), time(11)),
    )
    EnrolmentFactory(student=situation.family, participant=situation.child, camp_class=weaving)


SITUATIONS = {
    "not-open": (_not_open, RefusalKind.NOT_OPEN),
    "by-unit": (_by_unit, RefusalKind.BY_UNIT),
    "care-alone": (_care_alone, RefusalKind.EXTENDED_CARE),
    "season": (_season, RefusalKind.REGISTRATION_NOT_OPEN),
    "enrolled": (_enrolled, RefusalKind.ENROLLED),
    "registration": (_registration, RefusalKind.REGISTRATION_CLOSED),
    "ages": (_ages, RefusalKind.AGE),
    "selected": (_selected, RefusalKind.SELECTED),
    "full": (_full, RefusalKind.FULL),
    "clash": (_clash, RefusalKind.SCHEDULE_CONFLICT),
    "care": (_care, RefusalKind.CARE_INCOMPLETE),
}


def test_every_rule_has_a_situation_here():
    assert [rule.name for rule in RULES] == list(SITUATIONS)


def test_only_the_choosing_and_care_rules_are_not_asked_again_as_the_seat_is_taken():
    # Taking the seat settles the selection it was paid from: being selected refuses nothing,
    # nor does a day of extended care a checkout added to a booked day; paperwork is asked
    # before the charge, and a seat paid for is never refused for it.
    assert [rule.name for rule in RULES if not rule.when_taking] == [
        "care-alone",
        "selected",
        "care",
    ]
    assert [rule.name for rule in RULES if rule.paying_only] == ["care"]


def _family_answer(situation):
    (chance,) = family_refusals(participants=[situation.child], classes=[situation.camp_class])[
        situation.camp_class.pk
    ]
    return chance.refusal


def _seat_refusal(situation):
    try:
        seat_take(
            student_id=situation.family.pk,
            participant=situation.child,
            camp_class_id=situation.camp_class.pk,
        )
    except SeatRefused as refused:
        return refused.refusal
    return None


def test_with_no_reason_every_place_lets_the_child_in():
    situation = Situation()

    assert _family_answer(situation) is None
    assert enrolment_refusal(participant=situation.child, camp_class=situation.camp_class) is None
    assert (
        enrolment_refusal(participant=situation.child, camp_class=situation.camp_class, paying=True)
        is None
    )
    assert _seat_refusal(situation) is None
    assert situation.child.enrolments.get().status == EnrolmentStatus.ACTIVE


def _checkout_refusal(situation, *, at_desk: bool) -> str | None:
    """What opening a checkout of the child in the class answers: the family's own, or the one
    the office opens for them at the front desk. None when it opens."""
    items = [Item(class_id=situation.camp_class.pk, participant_id=situation.child.pk)]
    try:
        if at_desk:
            desk_checkout_open(
                staff=UserFactory(role=Role.OFFICE),
                family_id=situation.family.pk,
                items=items,
                plan_ids={},
            )
        else:
            lines, add_ons = items_read(items)
            checkout_open(family=situation.family, items=lines, add_ons=add_ons)
    except (Conflict, InvalidInput) as refused:
        return f"{refused.code}: {refused.message}"
    return None


# The rules a checkout does not ask: it takes a class selected before, and a day of extended
# care with a booked day, which `checkout.items` checks.
NOT_ASKED_AT_CHECKOUT = {"selected", "care-alone"}


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_each_rule_refuses_in_the_list_and_under_the_lock(rule):
    arrange, kind = SITUATIONS[rule.name]
    situation = Situation()
    arrange(situation)

    paying = enrolment_refusal(
        participant=situation.child, camp_class=situation.camp_class, paying=True
    )
    at_desk = _checkout_refusal(situation, at_desk=True)
    assert at_desk == _checkout_refusal(situation, at_desk=False)
    if rule.name not in NOT_ASKED_AT_CHECKOUT:
        assert at_desk is not None
    if paying is not None and rule.name != "by-unit":
        assert at_desk.endswith(paying.before_paying)
    if rule.paying_only:
        assert paying.kind == kind
        assert _family_answer(situation) is None
        assert (
            enrolment_refusal(participant=situation.child, camp_class=situation.camp_class) is None
        )
        assert _seat_refusal(situation) is None
        return
    assert _family_answer(situation).kind == kind
    taking = _seat_refusal(situation)
    if rule.when_taking:
        assert paying.kind == kind
        assert taking.kind == kind
    else:
        assert paying is None
        assert taking is None


def test_policies_unsigned_refuse_the_family_but_not_the_office_at_the_desk():
    # The family has not yet signed the school's policies, which it does online at its first
    # sign-in; the child's record itself is complete.
    situation = Situation()
    waiver = Policy.objects.create(slug="kiln-safety", title="Kiln safety")
    PolicyVersion.objects.create(
        policy=waiver, number=1, text="...", published_at=timezone.now() - timedelta(days=1)
    )
    child, camp_class = situation.child, situation.camp_class

    paying = enrolment_refusal(participant=child, camp_class=camp_class, paying=True)
    desk = enrolment_refusal(participant=child, camp_class=camp_class, paying=True, at_desk=True)

    assert paying.kind == RefusalKind.CARE_INCOMPLETE
    assert desk is None
    assert _checkout_refusal(situation, at_desk=False).startswith("care_incomplete")
    assert _checkout_refusal(situation, at_desk=True) is None


def test_an_action_plan_not_uploaded_refuses_the_family_but_not_the_office_at_the_desk():
    # The child's record names a severe allergy (the flag its save keeps) and no plan is on
    # file: the family uploads it online; the office handles no health papers.
    situation = Situation()
    CareRecord.objects.filter(participant=situation.child).update(action_plan_needed=True)
    child, camp_class = situation.child, situation.camp_class

    paying = enrolment_refusal(participant=child, camp_class=camp_class, paying=True)
    desk = enrolment_refusal(participant=child, camp_class=camp_class, paying=True, at_desk=True)

    assert paying.kind == RefusalKind.CARE_INCOMPLETE
    assert desk is None
    assert _checkout_refusal(situation, at_desk=False).startswith("care_incomplete")
    assert _checkout_refusal(situation, at_desk=True) is None


def test_a_missing_care_record_refuses_the_office_at_the_desk_too():
    situation = Situation()
    _care(situation)

    assert _checkout_refusal(situation, at_desk=True).startswith("care_incomplete")
