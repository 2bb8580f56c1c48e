"""What each statement kept as SQL (or compiled once) saves against the ORM building its read at
each call: CPU per call in one process, on PostgreSQL.

    .venv/bin/python bench/statements_cpu.py [--calls N] [--rounds R]

A PostgreSQL database of its own (STATEMENTS_CPU_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/camp_statements_cpu), dropped and made again, migrated and
given one family with a child, a season's class with an early-bird price and the child's
selection of it, and a refund policy. Each read is taken N times (2,000 unless given) after 200 to
warm up, in R rounds (3), the two forms in turn, timed by `time.thread_time`; printed: the
microseconds per call of each form, the lowest and highest round. The reads:

- the caller, with whether their token was revoked (`accounts.authentication`), at every request;
- a selection to pay (`payments.prepared.selection_to_pay`), at every hold and payment;
- the class's and the family's locks in one statement (`enrolments.locks`), at every hold;
- the rules' standing of a participant in a class (`enrolments.facts.standing_read`), compiled
  once, against the same queryset built and compiled at each call, at every select, hold, pay.
"""

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

os.environ["BENCH_DATABASE_URL"] = os.environ.get(
    "STATEMENTS_CPU_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_statements_cpu"
)

import run  # noqa: E402 - bench/run.py: the database and the server's environment
from in_process import django_started  # noqa: E402 - bench/in_process.py

WARM_UP = 200


def per_call(read: Callable[[], object], calls: int) -> float:
    """Microseconds of this thread's CPU per call, each call in a transaction of its own."""
    from django.db import transaction

    for _ in range(WARM_UP):
        with transaction.atomic():
            read()
    started = time.thread_time()
    for _ in range(calls):
        with transaction.atomic():
            read()
    return (time.thread_time() - started) / calls * 1e6


def school():
    """One family's selection of a season's class, as a morning's hold and payment read it."""
    from django.utils import timezone

    from payments.models import EarlyBirdPrice, RefundPolicy
    from testing.factories import ChildFactory, SelectionFactory, UserFactory
    from testing.seasons import a_season, a_season_class

    family = UserFactory()
    child = ChildFactory(account=family)
    camp_class = a_season_class(a_season(), "45.50", seats=12)
    EarlyBirdPrice.objects.create(
        camp_class=camp_class,
        price=Decimal("40.00"),
        until=timezone.now() + timedelta(days=3),
    )
    RefundPolicy.objects.create(full_refund_days=10)
    return SelectionFactory(student=family, participant=child, camp_class=camp_class)


def the_reads(selection) -> list[tuple[str, Callable[[], object], Callable[[], object]]]:
    """Each read as it ships, and as the ORM would read the same at each call."""
    from django.db.models import Exists
    from django.utils import timezone

    from accounts.authentication import caller_read
    from accounts.models import RevokedToken, User
    from classes.models import Class
    from enrolments import facts
    from enrolments.locks import class_and_family_lock
    from payments.models import (
        EarlyBirdPrice,
        MultiClassDiscount,
        Payment,
        RefundPolicy,
        Scholarship,
        SiblingDiscount,
        StripeCustomer,
    )
    from payments.prepared import selection_to_pay

    family, child, camp_class = selection.student, selection.participant, selection.camp_class
    jti = "a-token-never-revoked"

    def caller_sql():
        return caller_read(user_id=family.pk, jti=jti)

    def caller_orm():
        revoked = Exists(RevokedToken.objects.filter(jti=jti))
        return User.objects.annotate(revoked=revoked).filter(pk=family.pk).first()

    def to_pay_sql():
        return selection_to_pay(student=family, selection_id=selection.pk, transaction_id="pi_x")

    def to_pay_orm():
        read = (
            family.selections.select_related(
                "participant", "camp_class__instructor", "camp_class__season"
            )
            .filter(pk=selection.pk)
            .first()
        )
        season_id = read.camp_class.season_id
        return (
            read,
            EarlyBirdPrice.objects.filter(camp_class_id=read.camp_class_id).first(),
            Payment.objects.filter(student=family, transaction_id="pi_x").first(),
            RefundPolicy.objects.order_by("-created_at", "-id").first(),
            StripeCustomer.objects.filter(student=family).first(),
            SiblingDiscount.objects.filter(season_id=season_id).first(),
            Scholarship.objects.filter(season_id=season_id, family=family).first(),
            list(MultiClassDiscount.objects.filter(season_id=season_id).order_by("nth")),
        )

    def locks_sql():
        return class_and_family_lock(camp_class_id=camp_class.pk, family_id=family.pk)

    def locks_orm():
        Class.objects.select_for_update().filter(pk=camp_class.pk).values_list("pk").first()
        User.objects.select_for_update().filter(pk=family.pk).values_list("pk").first()

    def standing_compiled():
        return facts.standing_read(participant_id=child.pk, camp_class_id=camp_class.pk)

    compiled = facts.standing_query()

    def standing_orm():
        given = {"participant": child.pk, "class": camp_class.pk, "now": timezone.now()}
        return list(compiled.queryset({**given, "leaving": 0}))

    return [
        ("the caller and their token", caller_sql, caller_orm),
        ("a selection to pay", to_pay_sql, to_pay_orm),
        ("the class's and the family's locks", locks_sql, locks_orm),
        ("the rules' standing", standing_compiled, standing_orm),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="camp-statements-cpu-"))
    print(f"==> {run.DATABASE_URL}: fresh database, migrate, seed", flush=True)
    django_started(run.server_env(), work)
    sys.path.insert(0, str(run.ROOT))
    reads = the_reads(school())
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, *_ in reads}
    for _ in range(arguments.rounds):
        for name, shipped, orm in reads:
            times[name][0].append(per_call(shipped, arguments.calls))
            times[name][1].append(per_call(orm, arguments.calls))
    print(f"{'read':<36} {'as shipped µs':>16} {'the ORM each call µs':>22}")
    for name, (shipped, orm) in times.items():
        shipped_range = f"{min(shipped):.0f}-{max(shipped):.0f}"
        orm_range = f"{min(orm):.0f}-{max(orm):.0f}"
        print(f"{name:<36} {shipped_range:>16} {orm_range:>22}")


if __name__ == "__main__":
    main()
