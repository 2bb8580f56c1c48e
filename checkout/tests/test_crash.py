"""The server process dies between Stripe's charge and Camp's record of it: nothing is lost.

A real gunicorn serves the site with a fault point armed (test settings only) that ends the
process right after Stripe charged. The browser's request never gets its answer, and no webhook
comes. Reconciliation, run as the Procfile runs it, then settles the charge exactly once.
"""

import json
import subprocess
import sys

import pytest
import requests
from django.db import connection

from payments.tests import stripe_js
from testing import services
from testing.servers import ROOT, database_url, gunicorn_servers, process_env

pytestmark = pytest.mark.django_db(transaction=True)

SEED = """
import json
import django
django.setup()
from decimal import Decimal
from rest_framework_simplejwt.tokens import AccessToken
from testing.factories import ClassFactory, SelectionFactory, UserFactory
from classes.models import ClassStatus
student = UserFactory(email="crash@camp.test", name="Sam Rivera")
camp_class = ClassFactory(status=ClassStatus.APPROVED, seats=5, price=Decimal("45.50"))
selection = SelectionFactory(student=student, camp_class=camp_class)
print(json.dumps({
    "token": str(AccessToken.for_user(student)),
    "selection_id": selection.pk,
    "class_id": camp_class.pk,
}))
"""

STATE = """
import json
import django
django.setup()
from classes.models import Class
from payments.models import ChargeAttempt, Payment
print(json.dumps({
    "payments": list(Payment.objects.values_list("transaction_id", "status")),
    "attempts": list(ChargeAttempt.objects.values_list("status", "payment_intent_id")),
    "seats": Class.objects.get().seats,
}))
"""


def _python(env: dict, *args: str) -> str:
    done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _last_json(output: str) -> dict:
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture(params=["sqlite", "postgresql"])
def site_env(request, empty_localstripe):
    # Reconciliation reads every charge at Stripe: the other database's case, whose rows may
    # carry the same ids, must leave none behind for this one.
    if request.param == "sqlite":
        services.left_to_the_sqlite_pass(
            "the crash test's SQLite case serves a SQLite file of its own, whichever the pass."
        )
        url = request.getfixturevalue("sqlite_file_url")
    elif connection.vendor == "postgresql":
        url = database_url()
    else:
        services.needs_postgresql("the crash test's PostgreSQL case runs on the suite's database.")
    return process_env(database=url, STRIPE_API_BASE=empty_localstripe)


def test_a_crash_between_the_charge_and_the_record_is_settled_once(site_env, tmp_path):
    seeded = _last_json(_python(site_env, "-c", SEED))
    bearer = {"Authorization": f"Bearer {seeded['token']}"}
    crashing = {**site_env, "CAMP_PAYMENT_FAULT_POINT": "after_charge"}
    with gunicorn_servers(env=crashing, logs=tmp_path, count=1) as [url]:
        setup = requests.post(
            f"{url}/api/createPaymentIntent",
            json={"payId": seeded["selection_id"]},
            headers=bearer,
            timeout=30,
        )
        assert setup.status_code == 200, setup.text
        saved = stripe_js.confirm_card_setup(setup.json()["clientSecret"], email="crash@camp.test")
        with pytest.raises(requests.ConnectionError):
            requests.post(
                f"{url}/api/payments",
                json={
                    "payId": seeded["selection_id"],
                    "setupIntentId": saved["setupIntent"]["id"],
                    "price": "45.50",
                },
                headers=bearer,
                timeout=30,
            )

    charges = stripe_js.payment_intents(since=0, setup_intent_id=saved["setupIntent"]["id"])
    assert [charge["status"] for charge in charges] == ["succeeded"]
    before = _last_json(_python(site_env, "-c", STATE))
    # Killed after the charge: the attempt says money may have moved; nothing else is written.
    assert before == {"payments": [], "attempts": [["charging", ""]], "seats": 5}

    _python(site_env, "manage.py", "reconcile_payments")
    _python(site_env, "manage.py", "reconcile_payments")

    after = _last_json(_python(site_env, "-c", STATE))
    assert after == {
        "payments": [[charges[0]["id"], "enrolled"]],
        "attempts": [["charged", charges[0]["id"]]],
        "seats": 4,
    }
    assert stripe_js.refunds_of(charges[0]["id"]) == []
