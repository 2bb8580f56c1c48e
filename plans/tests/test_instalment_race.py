"""Two processes run the beat's instalment charge (`instalments_charge`) at the same moment, on
one PostgreSQL database and one localstripe: each instalment due is charged once, by whichever
process claims it first. PostgreSQL only: the processes share the test database."""

import json
import subprocess
import sys
from datetime import timedelta

import pytest
from django.conf import settings

from accounts.models import Role
from payments.models import InstalmentStatus, PaidBy, Payment
from plans.tests.test_payment_plans import (
    a_plan,
    charges_of,
    first_day_of,
    item,
    opened,
    paid,
)
from testing import services
from testing.clock import on_the_tests_clock
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season, a_season_class
from testing.servers import ROOT, TIMEOUT, process_env

pytestmark = pytest.mark.django_db(transaction=True)

FAMILIES = 6

# One beat run, started only when the test says go, so both processes charge at once.
CHARGE = """
import json
import sys
from datetime import date

import django

django.setup()
from django.db import connection

from plans.services import instalments_charge

connection.ensure_connection()
print("ready", flush=True)
sys.stdin.readline()
print(json.dumps({"asked": instalments_charge(today=date.fromisoformat(sys.argv[1]))}))
"""


def charging(day) -> list[subprocess.Popen]:
    env = process_env(
        STRIPE_API_BASE=settings.STRIPE_API_BASE,
        STRIPE_SECRET_KEY=settings.STRIPE_SECRET_KEY,
        LOG_LEVEL="WARNING",
    )
    return [
        subprocess.Popen(  # noqa: S603 - our own interpreter and script
            on_the_tests_clock([sys.executable, "-c", CHARGE, day.isoformat()]),
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]


def test_two_processes_charging_at_once_charge_each_instalment_once(localstripe, api_client_for):
    services.needs_postgresql(
        "the two charging processes share the test database, which SQLite's in-memory one "
        "cannot be."
    )
    season = a_season()
    plan = a_plan(season=season)
    camp_class = a_season_class(season, "400.00", seats=FAMILIES, name="Wheel Pottery")
    for number in range(FAMILIES):
        family = UserFactory(role=Role.STUDENT, email=f"family{number}@camp.test")
        client = api_client_for(family)
        answer = opened(client, item(ChildFactory(account=family), camp_class, plan)).json()
        assert paid(client, family, answer).status_code == 201
    first_due = first_day_of(camp_class) - timedelta(days=30)

    processes = charging(first_due)
    try:
        for process in processes:
            assert process.stdout.readline().strip() == "ready", process.communicate()[1]
        for process in processes:
            process.stdin.write("go\n")
            process.stdin.flush()
        outputs = [process.communicate(timeout=TIMEOUT) for process in processes]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()

    for process, (_, errors) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, errors
    asked = [json.loads(out.strip().splitlines()[-1])["asked"] for out, _ in outputs]
    # Both went for instalments the other charged: else the processes never met, and this
    # proved nothing.
    assert sum(asked) > FAMILIES, asked
    payments = Payment.objects.order_by("id")
    assert payments.count() == FAMILIES
    for payment in payments:
        first = payment.instalments.order_by("due_on").first()
        # Claimed once: the other process found it being charged, and asked Stripe nothing.
        assert (first.status, first.paid_by, first.tries) == (
            InstalmentStatus.PAID,
            PaidBy.CARD,
            1,
        )
        [charge] = charges_of(first, payment.card_setup_intent_id)
        assert (charge["id"], charge["amount"], charge["status"]) == (
            first.payment_intent_id,
            15000,
            "succeeded",
        )
        assert payment.instalments.filter(status=InstalmentStatus.DUE).count() == 1
