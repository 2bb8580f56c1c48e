"""After the draw: each seat it gave is held for its family to pay until the window ends, the
families are told (and reminded once), a seat left unpaid goes to the next on its waitlist in
the draw's order, the draw's families register before everyone, and the season then opens first
come. Against localstripe and a real SMTP server."""

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings

from enrolments.models import Enrolment, SeatHold, WaitlistEntry, WaitlistStatus
from enrolments.services.waitlists import offers_after_expiry
from lottery.draw import seed_hash
from lottery.message_kinds import LotteryMessage
from lottery.models import Draw, Entry, Tier
from lottery.payment_window import payment_reminders_send
from lottery.services import ChildWishes, draw_commit, draw_run, wishes_put
from notifications.models import Message
from payments.tests import stripe_js
from testing.factories import ChildFactory, UserFactory
from testing.outbox import send_queued
from testing.seasons import a_lottery_season, a_season_class

pytestmark = pytest.mark.django_db

SEED = "the school's seed for the summer"


@pytest.fixture
def season():
    return a_lottery_season("Summer by lottery")


@pytest.fixture
def clay(season):
    return a_season_class(season, "300.00", seats=2, name="Clay")


@pytest.fixture
def ana(season, clay):
    """A family of two children who wish for Clay together, drawn first (a returning family)."""
    family = UserFactory(name="Ana Silva", email="ana@camp.test")
    mia = ChildFactory(account=family, first_name="Mia")
    leo = ChildFactory(account=family, first_name="Leo")
    _wish(family, season, {mia: [clay], leo: [clay]}, together=[[mia.pk, leo.pk]])
    Entry.objects.filter(family=family).update(tier=Tier.RETURNING)
    return family, mia, leo


@pytest.fixture
def waiting(season, clay):
    """Two families of one child each who wish for Clay, drawn after Ana, Rosa's before Ben's."""
    drawn = []
    for name, tier in (("Rosa Lopez", Tier.SCHOLARSHIP), ("Ben Okafor", Tier.STAFF)):
        family = UserFactory(name=name)
        child = ChildFactory(account=family)
        _wish(family, season, {child: [clay]})
        Entry.objects.filter(family=family).update(tier=tier)
        drawn.append((family, child))
    return drawn


def _wish(family, season, choices, together=()):
    wishes_put(
        family=family,
        season_id=season.pk,
        children=[
            ChildWishes(child.pk, [c.pk for c in wished]) for child, wished in choices.items()
        ],
        together=list(together),
    )


def _drawn(season):
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    with time_machine.travel(season.draw_at + timedelta(minutes=1)):
        return draw_run(season_id=season.pk, seed=SEED)


def _result(client, season):
    return client.get(f"/api/seasons/{season.pk}/wishes").json()["result"]


def _mail(smtp_sink, kind, recipient):
    [message] = [
        m for m in smtp_sink.messages() if m["X-Camp-Kind"] == kind and m["To"] == recipient
    ]
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def _paid_by_card(client, family, camp_class, *children) -> None:
    """The children's seats in the class paid in one checkout, by card at localstripe."""
    opened = client.post(
        "/api/checkouts",
        {"items": [{"classId": camp_class.pk, "participantId": c.pk} for c in children]},
        format="json",
    )
    assert opened.status_code == 201, opened.json()
    answer = opened.json()
    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )
    paid = client.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    assert paid.status_code == 201, paid.json()


def test_each_seat_the_draw_gave_is_held_until_the_window_ends_and_paid_in_one_checkout(
    season, clay, ana, waiting, api_client_for, smtp_sink
):
    family, mia, leo = ana
    (rosa, rosa_child), _ben = waiting

    draw = _drawn(season)

    assert draw.pay_by == draw.drawn_at + timedelta(days=settings.LOTTERY_PAYMENT_DAYS)
    offers = WaitlistEntry.objects.filter(student=family).order_by("participant")
    assert [(o.participant, o.status, o.offer_expires_at) for o in offers] == [
        (mia, WaitlistStatus.OFFERED, draw.pay_by),
        (leo, WaitlistStatus.OFFERED, draw.pay_by),
    ]
    assert sorted(SeatHold.objects.values_list("participant", "expires_at")) == sorted(
        [(mia.pk, draw.pay_by), (leo.pk, draw.pay_by)]
    )
    queue = WaitlistEntry.objects.filter(camp_class=clay, status=WaitlistStatus.WAITING)
    assert list(queue.order_by("rank").values_list("student", "rank")) == [
        (rosa.pk, 1),
        (waiting[1][0].pk, 2),
    ]

    # Queued at the draw, ahead of the test's own clock.
    send_queued(including_scheduled=True)
    told = _mail(smtp_sink, LotteryMessage.RESULT, family.email)
    assert "was drawn 1 of 3." in told
    assert "Mia: Clay, the first wish." in told and "Leo: Clay, the first wish." in told
    assert "Each seat is held for you until" in told
    rosa_told = _mail(smtp_sink, LotteryMessage.RESULT, rosa.email)
    assert f"{rosa_child.first_name}: no seat in any of their wishes." in rosa_told
    assert "On the waitlist for Clay: number 1." in rosa_told

    with time_machine.travel(draw.drawn_at + timedelta(hours=2)):
        # Signed in at that moment: a token is good for an hour.
        client = api_client_for(family)
        held = _result(client, season)["children"]
        assert [child["seat"] for child in held] == ["held", "held"]
        for child in held:
            assert client.post(f"/api/waitlist/{child['offerId']}/accept").status_code == 200
        _paid_by_card(client, family, clay, mia, leo)
        after = _result(client, season)["children"]

    assert Enrolment.objects.filter(student=family, camp_class=clay).count() == 2
    assert [(child["seat"], child["offerId"]) for child in after] == [
        ("paid", None),
        ("paid", None),
    ]


def test_a_seat_left_unpaid_is_reminded_once_then_goes_to_the_next_in_the_draw_s_order(
    season, clay, ana, waiting, api_client_for, smtp_sink
):
    family, mia, leo = ana
    (rosa, rosa_child), (ben, ben_child) = waiting
    draw = _drawn(season)
    with time_machine.travel(draw.drawn_at + timedelta(hours=1)):
        client = api_client_for(family)
        mia_offer = WaitlistEntry.objects.get(participant=mia)
        client.post(f"/api/waitlist/{mia_offer.pk}/accept")
        _paid_by_card(client, family, clay, mia)

    early = draw.pay_by - timedelta(hours=settings.LOTTERY_REMINDER_HOURS + 1)
    reminded = [payment_reminders_send(now=early)]
    within = draw.pay_by - timedelta(hours=settings.LOTTERY_REMINDER_HOURS - 1)
    with time_machine.travel(within):
        reminded += [payment_reminders_send(now=within), payment_reminders_send(now=within)]
        send_queued()
    assert reminded == [0, 1, 1]
    assert Message.objects.filter(kind=LotteryMessage.PAYMENT_REMINDER).count() == 1
    reminder = _mail(smtp_sink, LotteryMessage.PAYMENT_REMINDER, family.email)
    assert "- Leo: Clay" in reminder and "Mia" not in reminder

    with time_machine.travel(draw.pay_by + timedelta(minutes=1)):
        offers_after_expiry()
        after = _result(api_client_for(family), season)["children"]

    assert [child["seat"] for child in after] == ["paid", "lapsed"]
    assert WaitlistEntry.objects.get(participant=leo).status == WaitlistStatus.EXPIRED
    assert WaitlistEntry.objects.get(participant=rosa_child).status == WaitlistStatus.OFFERED
    assert WaitlistEntry.objects.get(participant=ben_child).status == WaitlistStatus.WAITING


def test_the_draw_s_families_register_first_then_everyone_when_the_season_opens(
    season, clay, ana, api_client_for
):
    family, mia, _leo = ana
    printmaking = a_season_class(season, "200.00", week=1, seats=5, name="Printmaking")
    outsider = UserFactory(name="Noor Haddad")
    draw = _drawn(season)

    def select(client, child):
        return client.post(
            "/api/selectClass",
            {"classId": printmaking.pk, "participantId": child.pk},
            format="json",
        )

    with time_machine.travel(draw.drawn_at + timedelta(hours=1)):
        in_the_draw = select(api_client_for(family), mia)
        not_in_it = select(api_client_for(outsider), ChildFactory(account=outsider))
    with time_machine.travel(season.opens_at + timedelta(minutes=1)):
        when_open = select(api_client_for(outsider), ChildFactory(account=outsider))

    assert in_the_draw.status_code == 201, in_the_draw.json()
    assert not_in_it.status_code == 409
    assert "opens" in str(not_in_it.json()), not_in_it.json()
    assert when_open.status_code == 201, when_open.json()
    assert Draw.objects.get().season.early_access_opens_at == draw.drawn_at


def test_every_family_that_wished_is_told_the_commitment_once(season, clay, smtp_sink):
    before = UserFactory(name="Early Family")
    _wish(before, season, {ChildFactory(account=before): [clay]})
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    after = UserFactory(name="Later Family")
    child = ChildFactory(account=after)
    _wish(after, season, {child: [clay]})
    _wish(after, season, {child: []})

    send_queued()

    commitments = Message.objects.filter(kind=LotteryMessage.COMMITMENT)
    assert sorted(commitments.values_list("recipient", flat=True)) == sorted(
        [before.email, after.email]
    )
    told = _mail(smtp_sink, LotteryMessage.COMMITMENT, after.email)
    assert seed_hash(SEED) in told
    code = Entry.objects.get(family=after).code
    assert f"Your family's code on the draw's public page is {code}." in told
