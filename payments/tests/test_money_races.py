"""The races the audit of "Money has one path" named, each through two real server processes
(and, for the school's side, a process of its own) on one PostgreSQL database and one
localstripe, the requests released at the same moment for several families at once:

- two checkouts of one family spending the same account credit;
- a checkout spending credit and a move to a dearer class paid from that credit;
- a family paying its balance while the beat charges the same instalment;
- a family cancelling a seat while it moves the seat and the school refunds it.

Each ends with the money counted once: what localstripe's succeeded charges took, less their
refunds, is what our records say the family's cards paid, and the family's credit (the sum of
its ledger) never went below nothing.
"""

import json
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from decimal import Decimal

import pytest
import requests
from django.conf import settings
from django.db.models import Sum

from accounts.models import Role
from checkout.tests.test_race import TIMEOUT, bearer
from core.school_time import school_today
from enrolments.models import Enrolment, EnrolmentStatus
from payments.models import (
    Checkout,
    CheckoutStatus,
    CreditEntry,
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    LedgerEntry,
    LedgerKind,
    PaidBy,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
    Transfer,
)
from payments.money import in_cents
from payments.selectors import credit_balance
from payments.tests import stripe_js
from plans.tests.test_payment_plans import a_plan
from testing import services
from testing.clock import on_the_tests_clock
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season, a_season_class
from testing.servers import ROOT, process_env

pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal
# Families racing at once: each a race of its own, so one run is several rounds of it.
FAMILIES = 4
# A seat raced by three at once, for one family each: when the family's cancellation, its move
# and the school's refund start, in seconds after the word. The school's process reaches the
# database sooner than a request through a server does, and a move later than a cancellation
# (it prices the new class first): a head start lets each of them be first for some family.
STARTS = (
    (0.0, 0.0, 0.0),
    (0.0, 0.0, 0.3),
    (0.0, 0.0, 0.5),
    (0.3, 0.0, 0.4),
    (0.2, 0.0, 0.5),
    (0.3, 0.3, 0.0),
)


@pytest.fixture(autouse=True)
def _on_postgresql():
    services.needs_postgresql(
        "the racers are server processes and a process of the school's, which cannot share "
        "SQLite's in-memory test database."
    )


# -- Racing ------------------------------------------------------------------------------------


def all_at_once(calls) -> list:
    """Run every call from its own thread, released at the same moment; their results."""
    start = threading.Barrier(len(calls))

    def run(call):
        start.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return [future.result() for future in [pool.submit(run, call) for call in calls]]


def later(seconds: float, call):
    def started_later():
        time.sleep(seconds)
        return call()

    return started_later


def post(url: str, body: dict, family):
    return lambda: requests.post(url, json=body, headers=bearer(family), timeout=TIMEOUT)


# The school's own work, as the back office's action and Celery beat run it: each job (its
# name, its argument, and how many seconds after the word it starts) in a thread of its own
# with its own connection, all started at the test's word.
SCHOOL = """
import json
import sys
import threading
import time
from datetime import date

import django

django.setup()
from django.db import connection

from core.errors import DomainError
from payments.services import payment_refund
from plans.services import instalments_charge

WORK = {
    # The back office's "refund" action on one payment.
    "refund": lambda payment_id: payment_refund(
        payment_id=payment_id, reason="Refunded by the school."
    ),
    # The beat's run of the day.
    "instalments": lambda day: instalments_charge(today=date.fromisoformat(day)),
}
jobs = json.loads(sys.argv[1])
results = [None] * len(jobs)
ready = threading.Barrier(len(jobs) + 1)
go = threading.Event()


def run(index, name, argument, after):
    try:
        connection.ensure_connection()
        ready.wait()
        go.wait()
        time.sleep(after)
        results[index] = {"done": WORK[name](argument)}
    except DomainError as refused:
        results[index] = {"refused": refused.message}
    except Exception as error:
        results[index] = {"failed": repr(error)}
    finally:
        connection.close()


threads = [
    threading.Thread(target=run, args=(index, *job)) for index, job in enumerate(jobs)
]
for thread in threads:
    thread.start()
ready.wait()
print("ready", flush=True)
sys.stdin.readline()
go.set()
for thread in threads:
    thread.join()
print(json.dumps(results), flush=True)
"""


@contextmanager
def the_school(jobs: list[tuple[str, object, float]]):
    """A process doing the school's `jobs`, each connected and waiting; the call that starts
    them all and answers what each did ({"done": ...}, {"refused": message} or {"failed": ...})."""
    env = process_env(
        STRIPE_API_BASE=settings.STRIPE_API_BASE,
        STRIPE_SECRET_KEY=settings.STRIPE_SECRET_KEY,
        LOG_LEVEL="WARNING",
    )
    process = subprocess.Popen(  # noqa: S603 - our own interpreter and script
        on_the_tests_clock([sys.executable, "-c", SCHOOL, json.dumps(jobs)]),
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def go() -> list[dict]:
        process.stdin.write("go\n")
        process.stdin.flush()
        out, errors = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, errors
        return json.loads(out.strip().splitlines()[-1])

    try:
        if process.stdout.readline().strip() != "ready":
            pytest.fail(f"The school's process did not start:\n{process.communicate()[1]}")
        yield go
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# -- A family's purchases, through a server ----------------------------------------------------


def opened(server: str, family, lines, **more) -> dict:
    """A checkout of `lines` ((child, class) or (child, class, plan)), opened by the family."""
    items = [
        {"classId": line[1].pk, "participantId": line[0].pk}
        | ({"planId": line[2].pk} if len(line) > 2 else {})
        for line in lines
    ]
    answer = requests.post(
        f"{server}/api/checkouts",
        json={"items": items, **more},
        headers=bearer(family),
        timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def card_saved(checkout: dict, family) -> str:
    saved = stripe_js.confirm_card_setup(checkout["clientSecret"], email=family.email)
    assert "setupIntent" in saved, saved
    return saved["setupIntent"]["id"]


def paying(server: str, family, checkout: dict, card: str, total=None):
    """The checkout's Pay pressed for `total` (the one it showed unless said)."""
    return post(
        f"{server}/api/checkouts/{checkout['id']}/payment",
        {"setupIntentId": card, "total": checkout["total"] if total is None else total},
        family,
    )


def bought(server: str, family, *line) -> Payment:
    """The family pays for one seat by card through the checkout; that seat's payment."""
    checkout = opened(server, family, [line])
    answer = paying(server, family, checkout, card_saved(checkout, family))()
    assert answer.status_code == 201, answer.text
    return Payment.objects.get(participant=line[0], camp_class=line[1])


def a_family(run: str, number: int, credit: str = "0"):
    family = UserFactory(role=Role.STUDENT, email=f"family{number}-{run}@camp.test")
    if D(credit):
        CreditEntry.objects.create(family=family, amount=D(credit), reason="A gift")
    return family


# -- The money, counted on both sides ----------------------------------------------------------


def stripe_net(family, *, since: int) -> int:
    """Cents: what localstripe's succeeded charges for the family took, less their refunds."""
    net = 0
    for charge in stripe_js.payment_intents(since=since, student_id=str(family.pk)):
        if charge["status"] != "succeeded":
            continue
        net += charge["amount"]
        net -= sum(
            refund["amount"]
            for refund in stripe_js.refunds_of(charge["id"])
            if refund["status"] == "succeeded"
        )
    return net


def recorded_net(family) -> int:
    """Cents: what the ledger says the family's cards were charged less what went back to them
    (money a card paid and the family took back as credit stays charged at Stripe)."""
    entries = LedgerEntry.objects.filter(family=family)
    charged = entries.filter(kind=LedgerKind.CHARGE).aggregate(total=Sum("amount"))["total"]
    refunded = entries.filter(kind=LedgerKind.REFUND).aggregate(total=Sum("amount"))["total"]
    return in_cents((charged or D(0)) - (refunded or D(0)))


def assert_counted_once(family, *, since: int, card: str, credit: str) -> None:
    """localstripe and our records agree on what the family's cards paid (`card`, net of
    refunds), every refund owed is made, and the credit is `credit`, the sum of a ledger that
    never went below nothing."""
    assert (
        not Refund.objects.filter(payment__student=family)
        .exclude(status=RefundStatus.SUCCEEDED)
        .exists()
    )
    assert (stripe_net(family, since=since), recorded_net(family)) == (
        in_cents(D(card)),
        in_cents(D(card)),
    )
    ledger = list(
        CreditEntry.objects.filter(family=family).order_by("at", "id").values_list("amount")
    )
    running = D(0)
    for (amount,) in ledger:
        running += amount
        assert running >= 0, ledger
    assert credit_balance(family.pk) == running == D(credit)


# -- The races ---------------------------------------------------------------------------------


def test_two_checkouts_spending_the_same_credit_at_once_spend_it_once(holding_servers):
    """Each family has $50 of credit and two checkouts (a child each) that would each spend all
    of it, paid at the same moment through the two servers: one spends the credit, the other
    is refused with its total changed and, paid again at that total, is charged it by card."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season()
    clay = a_season_class(season, "120.00", seats=FAMILIES, name="Clay")
    paint = a_season_class(season, "100.00", seats=FAMILIES, name="Paint", week=1)
    families, checkouts, calls = [], [], []
    for number in range(FAMILIES):
        family = a_family(run, number, credit="50.00")
        mia, leo = ChildFactory(account=family), ChildFactory(account=family)
        pair = []
        for server, line in zip(holding_servers, [(mia, clay), (leo, paint)], strict=True):
            checkout = opened(server, family, [line], applyCredit=True)
            card = card_saved(checkout, family)
            pair.append((server, checkout, card))
            calls.append(paying(server, family, checkout, card))
        assert [(c["total"], c["credit"]) for _, c, _ in pair] == [(70.0, 50.0), (50.0, 50.0)]
        families.append(family)
        checkouts.append(pair)

    answers = all_at_once(calls)

    for number, family in enumerate(families):
        first, second = answers[2 * number : 2 * number + 2]
        assert sorted([first.status_code, second.status_code]) == [201, 409], [
            first.text,
            second.text,
        ]
        (server, refused, card), refusal = next(
            (pair, answer)
            for pair, answer in zip(checkouts[number], (first, second), strict=True)
            if answer.status_code == 409
        )
        # The credit went to the other checkout: this one now costs its whole price.
        whole = 120.0 if refused is checkouts[number][0][1] else 100.0
        assert (refusal.json()["code"], refusal.json()["total"]) == ("total_changed", whole)
        again = paying(server, family, refused, card, total=whole)()
        assert again.status_code == 201, again.text
        assert Checkout.objects.filter(family=family, status=CheckoutStatus.PAID).count() == 2
        assert sorted(
            CreditEntry.objects.filter(family=family).values_list("amount", flat=True)
        ) == [D("-50.00"), D("50.00")]
        # $220 of classes, $50 of it paid with the credit and the rest by card.
        assert_counted_once(family, since=started, card="170.00", credit="0.00")


def test_a_checkout_and_a_move_spending_the_same_credit_at_once_spend_only_what_is_there(
    holding_servers,
):
    """Each family has $50 of credit; at the same moment one child's checkout spends all of
    it and the other child moves to a class $40 dearer, paid from it. Whichever comes first
    spends it; the other finds too little (the move) or a new total (the checkout)."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season()
    paint = a_season_class(season, "100.00", seats=FAMILIES, name="Paint")
    clay = a_season_class(season, "140.00", seats=FAMILIES, name="Clay", week=1)
    prints = a_season_class(season, "90.00", seats=FAMILIES, name="Printmaking", week=2)
    families, payments, checkouts, calls = [], [], [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        mia, leo = ChildFactory(account=family), ChildFactory(account=family)
        payment = bought(holding_servers[number % 2], family, mia, paint)
        CreditEntry.objects.create(family=family, amount=D("50.00"), reason="A gift")
        server = holding_servers[(number + 1) % 2]
        checkout = opened(server, family, [(leo, prints)], applyCredit=True)
        assert (checkout["total"], checkout["credit"]) == (40.0, 50.0)
        card = card_saved(checkout, family)
        calls += [
            paying(server, family, checkout, card),
            post(
                f"{holding_servers[number % 2]}/api/enrolments/{payment.enrolment_id}/transfer",
                {"classId": clay.pk, "settleWith": "credit", "total": "40.00"},
                family,
            ),
        ]
        families.append(family)
        payments.append(payment)
        checkouts.append((server, checkout, card))

    answers = all_at_once(calls)

    for number, family in enumerate(families):
        paid, moved = answers[2 * number : 2 * number + 2]
        payment = payments[number]
        payment.refresh_from_db()
        if moved.status_code == 201:
            # The move came first: $10 was left, so the checkout's total went up by $40.
            assert (paid.status_code, paid.json()["code"], paid.json()["total"]) == (
                409,
                "total_changed",
                80.0,
            ), paid.text
            assert payment.camp_class_id == clay.pk
            server, checkout, card = checkouts[number]
            again = paying(server, family, checkout, card, total=80.0)()
            assert again.status_code == 201, again.text
            spent = [D("-40.00"), D("-10.00")]
            card_paid = "180.00"
        else:
            assert paid.status_code == 201, paid.text
            assert (moved.status_code, moved.json()["code"]) == (409, "credit_short"), moved.text
            assert payment.camp_class_id == paint.pk
            assert not Transfer.objects.filter(payment=payment).exists()
            spent = [D("-50.00")]
            card_paid = "140.00"
        assert sorted(
            CreditEntry.objects.filter(family=family, amount__lt=0).values_list("amount", flat=True)
        ) == sorted(spent)
        assert_counted_once(family, since=started, card=card_paid, credit="0.00")


def test_a_balance_paid_while_the_beat_charges_the_same_instalment_is_charged_once(
    holding_servers,
):
    """Each family's first instalment is due today; the families pay it from My Enrolled
    Classes through the servers at the moment the beat's run charges it in a process of its
    own. Whoever claims it first charges it; the other asks Stripe nothing."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season()
    plan = a_plan(season=season)
    clay = a_season_class(season, "400.00", seats=FAMILIES, name="Wheel Pottery")
    today = school_today()
    families, payments = [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        payment = bought(
            holding_servers[number % 2], family, ChildFactory(account=family), clay, plan
        )
        first = payment.instalments.order_by("due_on").first()
        Instalment.objects.filter(pk=first.pk).update(due_on=today)
        families.append(family)
        payments.append(payment)

    with the_school([("instalments", today.isoformat(), 0)]) as beat:
        answers = all_at_once(
            [
                post(
                    f"{holding_servers[number % 2]}/api/enrolments/{payment.enrolment_id}"
                    "/balance/payment",
                    {"scope": "due", "amount": "150.00"},
                    family,
                )
                for number, (family, payment) in enumerate(zip(families, payments, strict=True))
            ]
            + [beat]
        )
    [ran] = answers.pop()
    assert "done" in ran, ran

    for family, payment, answer in zip(families, payments, answers, strict=True):
        # Paid by the family's request; or the beat had it, and the family is told so.
        assert answer.status_code in (201, 409), answer.text
        if answer.status_code == 409:
            assert answer.json()["code"] in ("nothing_due", "instalment_charging"), answer.text
        first, second = payment.instalments.order_by("due_on")
        # Claimed once, charged once.
        assert (first.status, first.paid_by, first.tries) == (
            InstalmentStatus.PAID,
            PaidBy.CARD,
            1,
        )
        [charge] = stripe_js.payment_intents(since=started, instalment_id=str(first.pk))
        assert (charge["id"], charge["amount"], charge["status"]) == (
            first.payment_intent_id,
            15000,
            "succeeded",
        )
        assert stripe_js.refunds_of(charge["id"]) == []
        assert second.status == InstalmentStatus.DUE
        # The deposit at checkout and the first instalment.
        assert_counted_once(family, since=started, card="250.00", credit="0.00")


def test_a_cancellation_a_move_and_the_schools_refund_of_one_seat_at_once_pay_back_once(
    holding_servers,
):
    """Each family's $300 seat is, at the same moment, cancelled by the family (to the card for
    half the families, as credit for the others), moved by it to a $200 class, and refunded by
    the school from the back office. One of them ends the seat; the money comes back once.

    Released together, the school's refund comes first every time; each family's three start
    at the moments `STARTS` says, so that each of them comes first for some family."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season()
    pottery = a_season_class(season, "300.00", seats=len(STARTS), name="Wheel Pottery")
    watercolour = a_season_class(season, "200.00", seats=len(STARTS), name="Watercolour", week=1)
    families, payments, calls = [], [], []
    for number, (cancel_at, move_at, _) in enumerate(STARTS):
        family = a_family(run, number)
        payment = bought(holding_servers[number % 2], family, ChildFactory(account=family), pottery)
        seat = f"/api/enrolments/{payment.enrolment_id}"
        to = "credit" if number % 2 else "card"
        calls += [
            later(
                cancel_at,
                post(
                    f"{holding_servers[number % 2]}{seat}/cancellation",
                    {"refundAmount": "300.00", "refundTo": to},
                    family,
                ),
            ),
            later(
                move_at,
                post(
                    f"{holding_servers[(number + 1) % 2]}{seat}/transfer",
                    {"classId": watercolour.pk, "settleWith": "card", "total": "-100.00"},
                    family,
                ),
            ),
        ]
        families.append(family)
        payments.append(payment)

    with the_school(
        [
            ("refund", payment.pk, refund_at)
            for payment, (_, _, refund_at) in zip(payments, STARTS, strict=True)
        ]
    ) as refunds:
        answers = all_at_once([*calls, refunds])
    refunded = answers.pop()

    for number, family in enumerate(families):
        cancelled, moved = answers[2 * number : 2 * number + 2]
        by_school = refunded[number]
        assert "failed" not in by_school, by_school
        assert cancelled.status_code in (200, 409), cancelled.text
        assert moved.status_code in (201, 409), moved.text
        payment = payments[number]
        seat = Enrolment.objects.get(pk=payment.enrolment_id)
        payment.refresh_from_db()
        # The seat bought was ended once, by one of the three.
        assert seat.status == EnrolmentStatus.CANCELLED
        if cancelled.status_code == 200:
            assert (moved.status_code, by_school) == (
                409,
                {"refused": "Only an enrolled payment can be refunded."},
            ), moved.text
            assert (payment.status, seat.end_reason) == (
                PaymentStatus.CANCELLED,
                "Cancelled by the family.",
            )
            to_credit = number % 2
            assert_counted_once(
                family,
                since=started,
                card="300.00" if to_credit else "0.00",
                credit="300.00" if to_credit else "0.00",
            )
            continue
        assert payment.status == PaymentStatus.REFUNDED
        assert not Enrolment.objects.filter(student=family, status=EnrolmentStatus.ACTIVE).exists()
        if moved.status_code == 201:
            # Moved first; the school's refund then found the payment in its new class and
            # gave back what was left of it: $100 by the move, $200 by the school.
            assert seat.end_reason == "Moved to Watercolour"
            assert by_school == {"done": True}
            [move] = Transfer.objects.filter(payment=payment)
            assert Enrolment.objects.get(pk=move.to_enrolment_id).status == (
                EnrolmentStatus.CANCELLED
            )
            # Newest first: the school's, then the move's, each on record.
            assert [r.amount for r in payment.refunds.all()] == [D("200.00"), D("100.00")]
        else:
            assert seat.end_reason == "Refunded by the school."
            assert by_school == {"done": True}
            assert not Transfer.objects.filter(payment=payment).exists()
        assert cancelled.status_code == 409, cancelled.text
        assert_counted_once(family, since=started, card="0.00", credit="0.00")
    assert not Instalment.objects.filter(kind=InstalmentKind.TRANSFER).exists()
