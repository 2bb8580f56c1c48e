"""Our own CPU per request of a family's place in the opening morning's line, in one process.

    .venv/bin/python bench/line_cpu.py [--requests N] [--polls P] [--top 15] [--sort tottime]

The line as it stands just after an opening: a season that has just opened, a crowd of CROWD
families already in line ahead (put straight into the room's Redis, as their joins would have),
so the families measured wait, numbered. Each measured family joins signed in (POST
/api/waitingRoom with its access token, no line token yet, as the page does on its first visit),
then asks where it stands P times (GET /api/waitingRoom?line=, 4 unless given). N families (200
unless given) after a warm-up, then N/4 more under cProfile.

The calls go through Django's whole stack in this process (`django.test.Client`) under the
production-like `bench.settings` (DEBUG off), the room's Redis the local one (BENCH_REDIS_URL)
under keys of the run's own. A PostgreSQL database of its own holds the season the room reads its
opening from (LINE_CPU_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/camp_line_cpu,
dropped and made again); the calls measured read none. Each call's CPU is the request thread's,
`time.thread_time`, from `bench/stripe_timing.py`'s `Server-Timing`; printed, for joins and for
polls, the median and p95, then the profile's top functions. CPU time, unlike latency, holds
still on a shared machine; the absolute figures are this machine's.
"""

import argparse
import cProfile
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

DATABASE_URL = os.environ.get(
    "LINE_CPU_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_line_cpu"
)
os.environ["BENCH_DATABASE_URL"] = DATABASE_URL

import run  # noqa: E402 - bench/run.py: the database and the server's environment
from in_process import django_started, profile_lines  # noqa: E402 - bench/in_process.py
from rush_checks import percentile, server_timing  # noqa: E402

ROOM = "/api/waitingRoom"
CROWD = 20_000
OPENS_IN = 3
WARM_UP = 20
KEY_PREFIX = f"camp-line-cpu-{uuid.uuid4().hex[:12]}"
# Messages a season's save may queue go to a queue of the run's own, which nobody reads.
CELERY_QUEUE = f"camp-line-cpu-{uuid.uuid4().hex[:12]}"


def opened_with_a_crowd() -> None:
    """A season that has just opened, its line in Redis with CROWD families ahead, drawn before
    the opening (scores in [0, 1)); few of them let in yet."""
    from django.utils import timezone

    from classes.models import Season
    from waiting_room.line import keys, waiting_room_sync

    now = timezone.now()
    season = Season.objects.create(
        name="Line CPU season",
        starts_on=(now + timedelta(days=30)).date(),
        ends_on=(now + timedelta(days=100)).date(),
        opens_at=now + timedelta(seconds=OPENS_IN),
        closes_at=now + timedelta(days=30),
    )
    opening = waiting_room_sync()
    if opening is None or opening.season_id != season.pk:
        sys.exit(f"The room did not take the season's opening: {opening}")
    import redis

    client = redis.Redis.from_url(run.REDIS_URL)
    line = keys().line(opening.id)
    crowd = {f"t:crowd-{n}": n / CROWD for n in range(CROWD)}
    client.zadd(line, crowd)
    # The crowd joined before the opening: a line found empty after it would close.
    time.sleep(max(0.0, (season.opens_at - timezone.now()).total_seconds()) + 0.5)


def access_token(user_id: int) -> str:
    """A signed-in family's access token, as POST /api/jwt makes it (no account is read)."""
    from rest_framework_simplejwt.settings import api_settings
    from rest_framework_simplejwt.tokens import AccessToken

    token = AccessToken()
    token[api_settings.USER_ID_CLAIM] = user_id
    return str(token)


class Families:
    """The families' calls, each answer checked and its timing kept."""

    def __init__(self):
        from django.test import Client

        self.client = Client(SERVER_NAME="127.0.0.1")
        self.joined = 0

    def join(self) -> tuple[str, dict]:
        self.joined += 1
        response = self.client.post(
            ROOM,
            {},
            content_type="application/json",
            headers={"Authorization": f"Bearer {access_token(self.joined)}"},
        )
        answer = self.checked(response)
        return answer["line"], server_timing(response["Server-Timing"])

    def poll(self, line: str) -> dict:
        response = self.client.get(ROOM, {"line": line})
        self.checked(response)
        return server_timing(response["Server-Timing"])

    @staticmethod
    def checked(response) -> dict:
        answer = response.json() if response.status_code == 200 else None
        if not answer or not answer["active"] or answer["admitted"] or not answer["position"]:
            sys.exit(
                f"{response.request['REQUEST_METHOD']}: {response.status_code} "
                f"{response.content[:300]!r}"
            )
        return answer


def figures(name: str, timings: list[dict]) -> None:
    cpu = [timing["cpu"] * 1000 for timing in timings]
    app = [timing["app"] * 1000 for timing in timings]
    print(
        f"==> {name}: {len(timings)} requests: CPU median {statistics.median(cpu):.3f} ms, "
        f"p95 {percentile(cpu, 95):.3f} ms; in Django median {statistics.median(app):.3f} ms",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="families measured")
    parser.add_argument("--polls", type=int, default=4, help="polls of each family")
    parser.add_argument("--top", type=int, default=15, help="functions shown of each profile")
    parser.add_argument("--sort", choices=("tottime", "cumulative"), default="tottime")
    arguments = parser.parse_args()
    profiled = max(arguments.requests // 4, 10)

    work = Path(tempfile.mkdtemp(prefix="camp-line-cpu-"))
    environment = run.server_env(
        BENCH_STRIPE_TIMING="1",
        CELERY_QUEUE=CELERY_QUEUE,
        WAITING_ROOM_REDIS_URL=run.REDIS_URL,
        WAITING_ROOM_KEY_PREFIX=KEY_PREFIX,
    )
    print(f"==> {run.DATABASE_URL}: fresh database, migrate", flush=True)
    django_started(environment, work)
    try:
        opened_with_a_crowd()
        families = Families()
        for _ in range(WARM_UP):
            line, _ = families.join()
            families.poll(line)
        joins, polls = [], []
        for _ in range(arguments.requests):
            line, timing = families.join()
            joins.append(timing)
            polls.extend(families.poll(line) for _ in range(arguments.polls))
        figures("join (POST, signed in)", joins)
        figures("poll (GET ?line=)", polls)
        joining, polling = cProfile.Profile(time.thread_time), cProfile.Profile(time.thread_time)
        for _ in range(profiled):
            joining.enable()
            line, _ = families.join()
            joining.disable()
            polling.enable()
            families.poll(line)
            polling.disable()
        for name, profile in (("join", joining), ("poll", polling)):
            print(f"    {name}: cProfile over {profiled} more, by {arguments.sort}:")
            print("\n".join(profile_lines(profile, profiled, arguments.top, arguments.sort)))
    finally:
        _forget(work)


def _forget(work: Path) -> None:
    """The run's keys in Redis go; its logs stay in its folder."""
    import redis

    run.flush_cache()
    client = redis.Redis.from_url(run.REDIS_URL)
    client.delete(CELERY_QUEUE)
    for key in client.scan_iter(f"{KEY_PREFIX}:*"):
        client.delete(key)
    print(f"==> The server's logs are in {work}")


if __name__ == "__main__":
    main()
