"""The last medium T-shirt raced for: families paying at once through two real server
processes on one PostgreSQL database and one localstripe, each for a seat with a medium.

The servers' seat holds run out the moment they are taken (the `servers` fixture), and the
stock held with them too, so every family reaches the payment and the payments race for the
T-shirt under the option's conditional UPDATE. One family gets it with its seat; every other is
refused before its card is charged (409), or charged and, the medium gone, that line refunded
(201, its payment refunded). Each race ends with the money counted once."""

import time
import uuid
from collections import Counter
from decimal import Decimal

import pytest
import requests

from checkout.tests.test_race import TIMEOUT, bearer
from extras.models import AddOn, AddOnOption
from payments.models import AddOnPurchase, Payment, PaymentStatus
from payments.tests.test_money_races import (
    a_family,
    all_at_once,
    assert_counted_once,
    card_saved,
    paying,
)
from testing import services
from testing.factories import ChildFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db(transaction=True)

FAMILIES = 4


@pytest.fixture(autouse=True)
def _on_postgresql():
    services.needs_postgresql(
        "the racers are server processes, which cannot share SQLite's in-memory test database."
    )


def test_families_racing_for_the_last_medium_t_shirt_get_it_once(servers):
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season(starts_in_days=20)
    pottery = a_season_class(season, "100.00", seats=FAMILIES, name="Wheel Pottery")
    shirt = AddOn.objects.create(season=season, label="T-shirt", price=Decimal("15.00"))
    medium = AddOnOption.objects.create(add_on=shirt, label="M", stock=1)
    families, calls = [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        child = ChildFactory(account=family)
        server = servers[number % 2]
        item = {
            "classId": pottery.pk,
            "participantId": child.pk,
            "addOns": [{"id": shirt.pk, "optionId": medium.pk}],
        }
        opened = requests.post(
            f"{server}/api/checkouts",
            json={"items": [item]},
            headers=bearer(family),
            timeout=TIMEOUT,
        )
        assert opened.status_code == 201, opened.text
        checkout = opened.json()
        assert checkout["total"] == 115.0
        calls.append(paying(server, family, checkout, card_saved(checkout, family)))
        families.append(family)

    answers = all_at_once(calls)

    outcomes = []
    for answer in answers:
        if answer.status_code == 409:
            outcomes.append("refused")
            continue
        assert answer.status_code == 201, answer.text
        [payment] = answer.json()["payments"]
        outcomes.append(payment["status"])
    assert Counter(outcomes)["enrolled"] == 1, [answer.text for answer in answers]
    assert set(outcomes) <= {"enrolled", "refunded", "refused"}
    medium.refresh_from_db()
    assert (medium.stock, medium.sold) == (1, 1)
    [kept] = AddOnPurchase.objects.filter(option=medium, returned_at=None)
    assert kept.payment.status == PaymentStatus.ENROLLED
    for family, result in zip(families, outcomes, strict=True):
        enrolled = Payment.objects.filter(student=family, status=PaymentStatus.ENROLLED)
        assert enrolled.count() == (1 if result == "enrolled" else 0)
        assert_counted_once(
            family, since=started, card="115.00" if result == "enrolled" else "0", credit="0"
        )
    refunded = Payment.objects.filter(camp_class=pottery, status=PaymentStatus.REFUNDED)
    assert {p.refund_reason for p in refunded} <= {
        "T-shirt (M) sold out while you were paying; your payment has been refunded."
    }
