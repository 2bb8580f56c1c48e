"""Our own CPU per request of the registration morning's writes, one step at a time, in one process.

    .venv/bin/python bench/request_cpu.py [--requests N] [--steps select,hold,pay,waitlist]
        [--top 15] [--sort tottime] [--save DIR]

A PostgreSQL database of its own (REQUEST_CPU_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/camp_request_cpu), dropped and made again, migrated and seeded
with a season open for registration, its classes, some of them full, and families with two
children each and their paperwork done, each family with its API token as `POST /api/jwt` makes
it. The calls go through Django's whole stack in this process (`django.test.Client`) under the
production-like `bench.settings` (DEBUG off, the shared cache in the local Redis, BENCH_REDIS_URL,
under keys of the run's own), each family's first child through every step as a browser takes
it: select the class (POST /api/selectClass), open the payment page, which holds the seat (POST
/api/createPaymentIntent), the card saved at Stripe as Stripe.js saves it (not measured), pay
(POST /api/payments); the second child joins a full class's waitlist (POST /api/waitlist).
Payments talk to localstripe: the one scripts/with-services started (LOCALSTRIPE_URL), else one
started here.

A warm-up round first; then, for each step asked, N requests (200 unless given) measured by
`bench/stripe_timing.py`'s `Server-Timing` (the request thread's CPU, `time.thread_time`, and its
queries), then N/4 more under cProfile. Printed for each step: the median and p95 of the CPU,
the median time in Django and queries, and the profile's top functions. A step not asked is still
taken, unmeasured, where a later one needs it. CPU time, unlike a rush's latency, holds still on a
shared machine; the absolute figures are this machine's.
"""

import argparse
import cProfile
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

os.environ["BENCH_DATABASE_URL"] = os.environ.get(
    "REQUEST_CPU_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_request_cpu"
)

import requests  # noqa: E402
import run  # noqa: E402 - bench/run.py: the database and the server's environment
import seeding  # noqa: E402 - bench/seeding.py: the school the morning meets
from in_process import django_started, profile_lines  # noqa: E402 - bench/in_process.py
from rush_checks import percentile, server_timing  # noqa: E402
from server import free_port, stopped  # noqa: E402

ROOT = run.ROOT
STEPS = ("select", "hold", "pay", "waitlist")
# What each step needs taken before it, for the same family.
NEEDS = {"select": (), "hold": ("select",), "pay": ("select", "hold"), "waitlist": ()}
CLASSES = 20
FULL_CLASSES = 5
WARM_UP = 20
PRICE = Decimal("45.50")
# Messages the payments queue go to a queue of the run's own, which nobody reads.
CELERY_QUEUE = f"camp-request-cpu-{uuid.uuid4().hex[:12]}"


def localstripe(work: Path) -> tuple[subprocess.Popen | None, str]:
    """The localstripe scripts/with-services started, else one of our own (stopped at the end)."""
    known = os.environ.get("LOCALSTRIPE_URL")
    if known and _answers(f"{known}/js.stripe.com/v3/"):
        return None, known
    port = free_port()
    log = work / "localstripe.log"
    process = subprocess.Popen(  # noqa: S603 - our own program and arguments
        [
            str(ROOT / ".venv" / "bin" / "python"),
            str(ROOT / "testing" / "localstripe_in_memory.py"),
            *("--port", str(port), "--from-scratch"),
        ],
        cwd=ROOT,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://localhost:{port}"
    deadline = time.monotonic() + 120
    while not _answers(f"{url}/js.stripe.com/v3/"):
        if process.poll() is not None or time.monotonic() > deadline:
            stopped(process)
            sys.exit(f"localstripe did not start:\n{log.read_text()}")
        time.sleep(0.3)
    return process, url


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=5).ok
    except requests.RequestException:
        return False


def seed(families: int) -> list[dict]:
    """A season open now, its classes (the last FULL_CLASSES with no seat left) and the
    families, each with the Stripe Customer the worker makes when a family registers; for each
    family, its token, the class its first child takes and the full class its
    second child waits for."""
    from django.utils import timezone
    from rest_framework_simplejwt.tokens import AccessToken

    from classes.management.commands.seed_demo import season_start
    from classes.models import Season
    from classes.schedule import school_timezone

    now = timezone.now()
    today = timezone.localdate(timezone=school_timezone())
    first_day = season_start(today)
    season = Season.objects.create(
        name="Request CPU season",
        starts_on=first_day,
        ends_on=first_day + timedelta(weeks=run.SEASON_WEEKS),
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(days=30),
    )
    catalog = run.Catalog(first_day)
    numbers = [n for n in range(CLASSES * 2) if catalog.meetings(n)][:CLASSES]
    open_classes = CLASSES - FULL_CLASSES
    seats = -(-families // open_classes) + 1
    classes, users, children = seeding.school_seeded(
        catalog,
        domain="request-cpu.camp.test",
        instructor_name="Bench Instructor",
        price=PRICE,
        classes={
            number: {
                "seats": seats if nth < open_classes else 0,
                "enroll": 0 if nth < open_classes else seats,
                "season": season,
            }
            for nth, number in enumerate(numbers)
        },
        children=[2] * families,
    )
    seeding.stripe_customers_made(users)
    return [
        {
            "email": user.email,
            "name": user.name,
            "token": str(AccessToken.for_user(user)),
            "taking": {"classId": classes[n % open_classes].pk, "participantId": first.pk},
            "waiting": {
                "classId": classes[open_classes + n % FULL_CLASSES].pk,
                "participantId": second.pk,
            },
        }
        for n, (user, first, second) in enumerate(
            zip(users, children[::2], children[1::2], strict=True)
        )
    ]


class Morning:
    """The families' requests, step by step, each answer checked and its timing kept."""

    EXPECTED = {"select": 201, "hold": 200, "pay": 201, "waitlist": 201}

    def __init__(self):
        from django.test import Client

        self.client = Client(SERVER_NAME="127.0.0.1")

    def post(self, step: str, family: dict, path: str, body: dict) -> tuple[dict, dict]:
        response = self.client.post(
            path,
            body,
            content_type="application/json",
            headers={"Authorization": f"Bearer {family['token']}"},
        )
        if response.status_code != self.EXPECTED[step]:
            sys.exit(f"{step}: {response.status_code} {response.content[:300]!r}")
        return response.json(), server_timing(response["Server-Timing"])

    def take(self, step: str, family: dict) -> dict:
        """One family's request of the step; what it did before is in `family`."""
        if step == "select":
            answer, timing = self.post(step, family, "/api/selectClass", family["taking"])
            family["selection"] = answer["insertedId"]
        elif step == "hold":
            body = {"payId": family["selection"]}
            answer, timing = self.post(step, family, "/api/createPaymentIntent", body)
            family["client_secret"] = answer["clientSecret"]
        elif step == "pay":
            body = {"payId": family["selection"], "setupIntentId": family["setup_intent"]}
            _, timing = self.post(step, family, "/api/payments", body)
        else:
            _, timing = self.post(step, family, "/api/waitlist", family["waiting"])
        return timing

    def card_saved(self, family: dict) -> None:
        """The card saved at Stripe as Stripe.js saves it: between the hold and the payment, and
        all of it Stripe's time."""
        from payments.tests import stripe_js

        saved = stripe_js.confirm_card_setup(
            family["client_secret"], email=family["email"], name=family["name"]
        )
        if "setupIntent" not in saved:
            sys.exit(f"The card was not saved: {saved}")
        family["setup_intent"] = saved["setupIntent"]["id"]


def measured(morning: Morning, step: str, families: list[dict], profiled: list[dict], arguments):
    timings = [morning.take(step, family) for family in families]
    # CPU, as the figures above: a query's round trip is the database's time, not ours.
    profile = cProfile.Profile(time.thread_time)
    for family in profiled:
        profile.enable()
        morning.take(step, family)
        profile.disable()
    cpu = [timing["cpu"] * 1000 for timing in timings]
    app = [timing["app"] * 1000 for timing in timings]
    queries = [timing["queries"] for timing in timings]
    print(
        f"==> {step}: {len(timings)} requests: CPU median {statistics.median(cpu):.2f} ms, "
        f"p95 {percentile(cpu, 95):.2f} ms; in Django median {statistics.median(app):.2f} ms; "
        f"queries median {statistics.median(queries):g}",
        flush=True,
    )
    print(f"    cProfile over {len(profiled)} more, by {arguments.sort}:")
    print("\n".join(profile_lines(profile, len(profiled), arguments.top, arguments.sort)))
    if arguments.save:
        saved = Path(arguments.save) / f"{step}.pstats"
        saved.parent.mkdir(parents=True, exist_ok=True)
        profile.dump_stats(saved)
        print(f"    saved for pstats (callers and callees): {saved}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="measured requests per step")
    parser.add_argument(
        "--steps", default=",".join(STEPS), help=f"steps measured, of {','.join(STEPS)}"
    )
    parser.add_argument("--top", type=int, default=15, help="functions shown of each profile")
    parser.add_argument("--sort", choices=("tottime", "cumulative"), default="tottime")
    parser.add_argument("--save", metavar="DIR", help="write each step's profile into DIR")
    arguments = parser.parse_args()
    asked = [step.strip() for step in arguments.steps.split(",") if step.strip()]
    if not asked or set(asked) - set(STEPS):
        parser.error(f"--steps takes some of {','.join(STEPS)}")
    steps = [s for s in STEPS if s in asked or any(s in NEEDS[step] for step in asked)]
    profiled = max(arguments.requests // 4, 10)
    count = WARM_UP + arguments.requests + profiled

    work = Path(tempfile.mkdtemp(prefix="camp-request-cpu-"))
    stripe_process, stripe_url = localstripe(work)
    try:
        environment = run.server_env(
            STRIPE_API_BASE=stripe_url, BENCH_STRIPE_TIMING="1", CELERY_QUEUE=CELERY_QUEUE
        )
        print(f"==> {run.DATABASE_URL}: fresh database, migrate, seed {count} families", flush=True)
        django_started(environment, work)
        families = seed(count)
        morning = Morning()
        warming = families[:WARM_UP]
        timed = families[WARM_UP : WARM_UP + arguments.requests]
        profiling = families[WARM_UP + arguments.requests :]
        for family in warming:
            for step in steps:
                if step == "pay":
                    morning.card_saved(family)
                morning.take(step, family)
        for step in steps:
            if step == "pay":
                for family in timed + profiling:
                    morning.card_saved(family)
            if step in asked:
                measured(morning, step, timed, profiling, arguments)
            else:
                for family in timed + profiling:
                    morning.take(step, family)
    finally:
        if stripe_process is not None:
            stopped(stripe_process)
        _forget(work)


def _forget(work: Path) -> None:
    """The run's cached keys and queued messages go; its logs stay in its folder."""
    import redis

    run.flush_cache()
    redis.Redis.from_url(run.REDIS_URL).delete(CELERY_QUEUE)
    print(f"==> The server's and localstripe's logs are in {work}")


if __name__ == "__main__":
    main()
