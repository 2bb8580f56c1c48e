"""Twenty families redeem a code limited to five uses at the same moment, through two server
processes on one PostgreSQL database: the code's uses are counted under its lock, so exactly
five are paid with it, and every charge at localstripe is the total its family confirmed."""

import time
import uuid
from collections import Counter
from datetime import time as clock
from datetime import timedelta
from decimal import Decimal

import pytest
import requests

from accounts.models import Role
from checkout.tests.test_race import TIMEOUT, bearer, post_all_at_once
from payments.models import Checkout, CheckoutStatus, Payment, PromoCode, PromoCodeUse
from payments.money import in_cents
from payments.tests import stripe_js
from testing.factories import ChildFactory, UserFactory, scheduled_class
from testing.seasons import a_season

pytestmark = pytest.mark.django_db(transaction=True)


def test_twenty_families_redeem_a_code_of_five_uses_and_exactly_five_get_it(holding_servers):
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season()
    start = season.starts_on + timedelta(days=3)
    camp_class = scheduled_class(
        start=start,
        end=start,
        days=(start.weekday(),),
        hours=(clock(9), clock(12)),
        price=Decimal("120.00"),
        seats=40,
        season=season,
    )
    code = PromoCode.objects.create(
        season=season, code=f"FIVE{run}".upper(), percent=Decimal(25), uses_limit=5
    )
    families = [
        UserFactory(role=Role.STUDENT, email=f"family{n}-{run}@camp.test") for n in range(20)
    ]
    opened = []
    for n, family in enumerate(families):
        child = ChildFactory(account=family)
        answer = requests.post(
            f"{holding_servers[n % 2]}/api/checkouts",
            json={
                "items": [{"classId": camp_class.pk, "participantId": child.pk}],
                "promoCode": code.code,
            },
            headers=bearer(family),
            timeout=TIMEOUT,
        )
        assert answer.status_code == 201, answer.text
        body = answer.json()
        assert body["total"] == 90.0
        saved = stripe_js.confirm_card_setup(body["clientSecret"], email=family.email)
        opened.append((family, body, saved["setupIntent"]["id"]))

    responses = post_all_at_once(
        [
            (
                f"{holding_servers[n % 2]}/api/checkouts/{body['id']}/payment",
                {"setupIntentId": setup_intent_id, "total": body["total"]},
                bearer(family),
            )
            for n, (family, body, setup_intent_id) in enumerate(opened)
        ]
    )

    assert Counter(response.status_code for response in responses) == {201: 5, 409: 15}, [
        response.text for response in responses
    ]
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"promo_code_refused"}
    assert PromoCodeUse.objects.filter(promo_code=code).count() == 5
    assert Checkout.objects.filter(status=CheckoutStatus.PAID).count() == 5
    assert Payment.objects.filter(camp_class=camp_class).count() == 5
    confirmed = {body["id"]: in_cents(Decimal(str(body["total"]))) for _, body, _ in opened}
    charges = [
        charge
        for charge in stripe_js.payment_intents(since=started)
        if charge["metadata"].get("student_email", "").endswith(f"-{run}@camp.test")
    ]
    assert len(charges) == 5
    for charge in charges:
        assert charge["status"] == "succeeded"
        assert charge["amount"] == confirmed[int(charge["metadata"]["checkout_id"])]
    # Those refused may pay without the code: the checkout now prices without it and says why.
    refused = next(
        (family, body)
        for (family, body, _), response in zip(opened, responses, strict=True)
        if response.status_code == 409
    )
    again = requests.get(
        f"{holding_servers[0]}/api/checkouts/{refused[1]['id']}",
        headers=bearer(refused[0]),
        timeout=TIMEOUT,
    ).json()
    assert (again["total"], again["promoCode"]) == (120.0, None)
    assert again["promoCodeProblem"] == "This code has been used as many times as it may be."
