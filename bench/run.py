"""`make bench`: the API under load, against the floor, at two sizes of the school.

For each size: a fresh PostgreSQL database (camp_bench), migrated and seeded with bulk inserts;
gunicorn with bench.settings (production plus /api/_floor), one worker per core, threaded as the
Procfile's; wrk on each endpoint; then the admins' season report on a school of 5,000 classes,
200,000 seats and 1,000,000 attendance actions (bench/reports.py, a database of its own); then
docs/performance.md is rewritten with the figures.

    .venv/bin/python bench/run.py [--sizes 1000,100000] [--duration 10] [--output PATH]
        [--endpoints selections,payments] [--no-reports]
    .venv/bin/python bench/run.py --reports-only   # the season report's section alone

--endpoints measures only the endpoints of those floor names (as in ENDPOINTS), to look at a
few while changing them; the page then has their figures alone, without the bundle, the search
section, the season report or Lighthouse, so write it elsewhere than docs/performance.md
(--output). --no-reports leaves the season report's section as it was; --reports-only measures
the season report alone and writes its section again (as `.venv/bin/python bench/reports.py`).

BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/camp_bench);
it is dropped and created again for every size. BENCH_REDIS_URL names the shared cache (default
redis://127.0.0.1:6379/0), where the bench's keys carry a prefix of the run's own.
"""

import argparse
import functools
import itertools
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from datetime import time as dt_time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import requests
from sections import marked, section_put, sections_kept
from server import gunicorn

ROOT = Path(__file__).resolve().parents[1]
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
# A prefix of this run's own: another server on the same Redis (make run, a second bench) must
# neither serve its cached lists to this one nor see this one's.
CACHE_KEY_PREFIX = f"camp-bench-{uuid.uuid4().hex[:12]}"
SETTINGS = "bench.settings"
# wrk's default 2 s timeout would count the slowest full lists as errors instead of measuring them.
WRK_TIMEOUT = "120s"
WARMUP_SECONDS = 2
MAX_SECONDS = 120

# Proportions per class: a tenth of an instructor, one student, two selections, one payment.
CLASSES_PER_INSTRUCTOR = 10
SELECTIONS_PER_STUDENT = 2
BATCH = 5_000

# The catalog a class is drawn from, by its number: each category's techniques and subjects
# (a name is one of each), ages, weekdays, hours and the season's weeks, so the filters and the
# search find what a real school's would. Two words of a name match about 1 class in 200.
CRAFTS = {
    "painting": (("Watercolour", "Acrylic", "Oil", "Gouache"),
                 ("Landscapes", "Portraits", "Still Life", "Seascapes")),
    "drawing": (("Charcoal", "Pencil", "Ink", "Pastel"),
                ("Figures", "Animals", "Cityscapes", "Comics")),
    "pottery-ceramics": (("Wheel-Thrown", "Hand-Built", "Raku", "Glazed"),
                         ("Bowls", "Mugs", "Vases", "Tiles")),
    "textiles-weaving": (("Loom", "Tapestry", "Felted", "Embroidered"),
                         ("Scarves", "Wall Hangings", "Rugs", "Bags")),
    "jewelry": (("Silver", "Beaded", "Enamel", "Wire"),
                ("Rings", "Pendants", "Earrings", "Bracelets")),
    "woodworking": (("Carved", "Turned", "Joinery", "Whittled"),
                    ("Spoons", "Boxes", "Stools", "Toys")),
    "paper-origami": (("Origami", "Paper-Cut", "Pop-Up", "Marbled"),
                      ("Animals", "Cards", "Lanterns", "Books")),
    "mixed-media": (("Collage", "Assemblage", "Altered", "Found-Object"),
                    ("Journals", "Portraits", "Boxes", "Maps")),
    "printmaking": (("Linocut", "Woodcut", "Screen", "Monotype"),
                    ("Posters", "Cards", "Botanicals", "Patterns")),
    "sculpture": (("Clay", "Stone", "Wire", "Plaster"),
                  ("Heads", "Animals", "Figures", "Reliefs")),
    "photography": (("Film", "Digital", "Pinhole", "Darkroom"),
                    ("Portraits", "Street", "Nature", "Night")),
    "glass": (("Fused", "Stained", "Blown", "Mosaic"),
              ("Panels", "Beads", "Bowls", "Suncatchers")),
}  # fmt: skip
DESCRIPTIONS = (
    "Start from the basics and leave with two finished pieces; every material is provided.",
    "Small groups, plenty of studio time, and a show for families on the last day.",
    "For returning students who want to try new techniques and work at a larger scale.",
    "Sketch, plan and make one ambitious piece over the week, with help at every step.",
)
AGES = ((5, 8), (8, 12), (10, 14), (13, 17), (18, None), (None, None))
# Weekdays (0 for Monday): the whole week, Monday-Wednesday-Friday, Tuesday-Thursday, and a
# Saturday workshop.
WEEK_PATTERNS = ((0, 1, 2, 3, 4), (0, 2, 4), (1, 3), (5,))
HOURS = ((9, 12), (13, 16), (18, 20))
SEASON_WEEKS = 10
# One class in twenty has its schedule to be announced.
TO_BE_ANNOUNCED_EVERY = 20

PAGE = "page_size=24"
# A visitor's search of more than core.public_cache.MAX_QUERY_VALUE (16) characters: never cached.
LONG_SEARCH = "watercolour landscapes"
# (label, floor name, path, caller): every public list, whole and as the browser pages through
# it, the catalog's filtered and searched pages, a class's page, and the main signed-in lists.
# The caller is None (a visitor), "student" or "admin". A path's {names} come from the seed.
ENDPOINTS = [
    ("GET /api/classes", "classes", "/api/classes", None),
    (
        "GET /api/classes?day=&age=&partOfDay=&hasSeats=&ordering=price&page=1",
        "classes-filtered",
        "/api/classes?day=wed&age=9&partOfDay=morning&hasSeats=true&ordering=price&page=1&" + PAGE,
        None,
    ),
    (
        "GET /api/classes?category=&startsAfter=&page=1",
        "classes-category",
        f"/api/classes?category=painting&startsAfter={{soon}}&page=1&{PAGE}",
        None,
    ),
    (
        "GET /api/classes starting soon (home page)",
        "classes-starting-soon",
        "/api/classes?ordering=soonest&startsAfter={today}&page=1&page_size=6",
        None,
    ),
    (
        "GET /api/classes?search=watercolour&page=1",
        "classes-search",
        f"/api/classes?search=watercolour&page=1&{PAGE}",
        None,
    ),
    (
        f"GET /api/classes?search={LONG_SEARCH}&page=1 (not cached)",
        "classes-search-long",
        f"/api/classes?search={LONG_SEARCH.replace(' ', '+')}&page=1&{PAGE}",
        None,
    ),
    ("GET /api/classes/{id} (not cached)", "class-page", "/api/classes/{class_id}", None),
    (
        "GET /api/classes?status=Approved&page=1",
        "classes-page-1",
        f"/api/classes?status=Approved&page=1&{PAGE}",
        None,
    ),
    (
        "GET /api/classes?status=Approved&page=30",
        "classes-page-30",
        f"/api/classes?status=Approved&page=30&{PAGE}",
        None,
    ),
    ("GET /api/popularClasses", "popular", "/api/popularClasses", None),
    ("GET /api/instructors", "instructors", "/api/instructors", None),
    ("GET /api/instructors?page=1", "instructors-page-1", f"/api/instructors?page=1&{PAGE}", None),
    (
        "GET /api/selectClass?email= (student)",
        "selections",
        "/api/selectClass?email={email}",
        "student",
    ),
    (
        "GET /api/enrolledStudent/{email} (student)",
        "enrolled",
        "/api/enrolledStudent/{email}",
        "student",
    ),
    ("GET /api/payments (student)", "payments", "/api/payments/{email}", "student"),
    (
        "GET /api/classes?status=Pending&page=1 (admin)",
        "review-queue",
        f"/api/classes?status=Pending&page=1&{PAGE}",
        "admin",
    ),
    ("GET /api/users?page=1 (admin)", "users-page-1", f"/api/users?page=1&{PAGE}", "admin"),
]
# Answers whose length grows with the school: their p50 follows their size, so the flatness
# target applies to the others (the pages, the popular six, one person's lists).
WHOLE_LISTS = {"GET /api/classes", "GET /api/instructors"}
PUBLIC = {label for label, _, _, caller in ENDPOINTS if caller is None}
# Visitors' answers the database makes on every request: a search past the cache's value length
# (its cost grows with the classes that match), and a class's page.
LONG_SEARCH_LABEL = next(label for label, name, _, _ in ENDPOINTS if name == "classes-search-long")
CACHED_SEARCH_LABEL = next(label for label, name, _, _ in ENDPOINTS if name == "classes-search")
CLASS_PAGE_LABEL = next(label for label, name, _, _ in ENDPOINTS if name == "class-page")
NOT_CACHED = {label for label in PUBLIC if label.endswith("(not cached)")}
GROWS_WITH_MATCHES = {LONG_SEARCH_LABEL}
RATIO_TARGET = 0.8
FLATNESS_TARGET = 1.2


def server_env(**extra) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": CACHE_KEY_PREFIX,
        **extra,
    }
    # Production refuses to start with the emulator named; the bench signs nobody in through it.
    env.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    return env


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, check=True, env=server_env(), **kwargs)  # noqa: S603


# --- database --------------------------------------------------------------------------------


def recreate_database(url: str = DATABASE_URL) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


class Catalog:
    """What the class numbered `number` is: its words, ages and schedule, and its meetings."""

    def __init__(self, season: date):
        self.season = season
        self._categories = list(CRAFTS)

    def details(self, number: int, category_ids: dict[str, int]) -> dict:
        slug = self._categories[number % len(self._categories)]
        techniques, subjects = CRAFTS[slug]
        technique = techniques[number // 12 % len(techniques)]
        subject = subjects[number // 48 % len(subjects)]
        age_min, age_max = AGES[number // 7 % len(AGES)]
        description = DESCRIPTIONS[number // 3 % len(DESCRIPTIONS)]
        details = {
            "name": f"{technique} {subject} {number}"[:40],
            "description": f"{technique} {subject.lower()}. {description}",
            "category_id": category_ids[slug],
            "age_min": age_min,
            "age_max": age_max,
        }
        schedule = self._schedule(number)
        if schedule is not None:
            meetings = _meeting_times(schedule)
            details.update(
                start_date=schedule.start_date,
                end_date=schedule.end_date,
                meeting_days=list(schedule.meeting_days),
                start_time=schedule.start_time,
                end_time=schedule.end_time,
                starts_at=meetings[0].start,
                ends_at=meetings[-1].end,
            )
        return details

    def meetings(self, number: int):
        schedule = self._schedule(number)
        return _meeting_times(schedule) if schedule is not None else ()

    def _schedule(self, number: int):
        from classes.schedule import Schedule

        if number % TO_BE_ANNOUNCED_EVERY == TO_BE_ANNOUNCED_EVERY - 1:
            return None
        days = WEEK_PATTERNS[number // 3 % len(WEEK_PATTERNS)]
        starts, ends = HOURS[number // 5 % len(HOURS)]
        monday = self.season + timedelta(weeks=number // 11 % SEASON_WEEKS)
        return Schedule(
            start_date=monday + timedelta(days=days[0]),
            end_date=monday + timedelta(days=days[-1]),
            meeting_days=days,
            start_time=dt_time(starts),
            end_time=dt_time(ends),
        )


@functools.cache
def _meeting_times(schedule) -> tuple:
    # A few hundred schedules make every class's meetings: each is expanded once.
    from classes.schedule import meeting_times

    return tuple(meeting_times(schedule))


def seed(classes: int) -> dict:
    """Bulk-insert the school in the bench database; the signed-in caller's e-mail and token."""
    import django

    os.environ.update(server_env())
    django.setup()

    from decimal import Decimal

    from django.db import connection
    from django.utils import timezone
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import Participant, Role, User
    from classes.management.commands.seed_demo import season_start
    from classes.models import Category, Class, ClassStatus, Level, Meeting
    from classes.schedule import school_timezone
    from classes.search import search_vector_refresh
    from enrolments.models import Enrolment, Selection
    from payments.models import Payment, PaymentStatus

    instructors = max(1, classes // CLASSES_PER_INSTRUCTOR)
    students = classes

    def people(role: str, count: int) -> list[User]:
        return [
            User(
                email=f"{role}{number}@bench.camp.test",
                name=f"{role.title()} {number}",
                photo=f"https://images.camp.test/{role}/{number}.jpg",
                role=role,
                password="!",  # noqa: S106 - unusable: nobody signs in with a password
            )
            for number in range(count)
        ]

    User.objects.bulk_create(people(Role.ADMIN, 1), batch_size=BATCH)
    User.objects.bulk_create(people(Role.INSTRUCTOR, instructors), batch_size=BATCH)
    User.objects.bulk_create(people(Role.STUDENT, students), batch_size=BATCH)
    instructor_ids = list(
        User.objects.filter(role=Role.INSTRUCTOR).order_by("id").values_list("id", flat=True)
    )
    student_ids = list(
        User.objects.filter(role=Role.STUDENT).order_by("id").values_list("id", flat=True)
    )

    # Eight in ten approved, one pending, one denied; enrolments spread so popularity varies.
    statuses = [ClassStatus.APPROVED] * 8 + [ClassStatus.PENDING, ClassStatus.DENIED]
    today = timezone.localdate(timezone=school_timezone())
    season = season_start(today)
    category_ids = dict(Category.objects.values_list("slug", "id"))
    catalog = Catalog(season)
    Class.objects.bulk_create(
        (
            Class(
                image=f"https://images.camp.test/classes/{number}.jpg",
                price=Decimal("45.50") + number % 50,
                # One class in eight is full.
                seats=0 if number % 8 == 7 else 30,
                enroll=number % 31 if statuses[number % 10] == ClassStatus.APPROVED else 0,
                status=statuses[number % 10],
                instructor_id=instructor_ids[number % instructors],
                level=Level.values[number % len(Level.values)],
                location=f"Studio {number % 6 + 1}",
                **catalog.details(number, category_ids),
            )
            for number in range(classes)
        ),
        batch_size=BATCH,
    )
    class_ids = list(Class.objects.order_by("id").values_list("id", flat=True))
    # Each class's meetings, as classes.services would make them, inserted a batch at a time.
    meetings = (
        Meeting(camp_class_id=class_id, day=meeting.day, start=meeting.start, end=meeting.end)
        for number, class_id in enumerate(class_ids)
        for meeting in catalog.meetings(number)
    )
    while batch := list(itertools.islice(meetings, BATCH)):
        Meeting.objects.bulk_create(batch)
    # Every class's search document in one UPDATE, as the services would have written it.
    search_vector_refresh(classes=Class.objects.all())

    def class_for(student: int, nth: int) -> int:
        return class_ids[(student * 7 + nth) % len(class_ids)]

    # Every account's "Myself", as registration makes it; every other student is a parent whose
    # child has chosen their last selected class.
    Participant.objects.bulk_create(
        (
            Participant(account_id=user_id, is_account_holder=True, first_name="Bench")
            for user_id in User.objects.values_list("id", flat=True)
        ),
        batch_size=BATCH,
    )
    Participant.objects.bulk_create(
        (
            Participant(
                account_id=student_id,
                first_name="Child",
                last_name=str(number),
                date_of_birth=date(2016, 1, 1) + timedelta(days=number % 2000),
            )
            for number, student_id in enumerate(student_ids)
            if number % 2 == 0
        ),
        batch_size=BATCH,
    )
    holder_of = dict(
        Participant.objects.filter(is_account_holder=True).values_list("account_id", "id")
    )
    child_of = dict(
        Participant.objects.filter(is_account_holder=False).values_list("account_id", "id")
    )

    def participant_for(student_id: int, nth: int) -> int:
        if nth == SELECTIONS_PER_STUDENT - 1 and student_id in child_of:
            return child_of[student_id]
        return holder_of[student_id]

    Selection.objects.bulk_create(
        (
            Selection(
                student_id=student_id,
                participant_id=participant_for(student_id, nth),
                camp_class_id=class_for(number, nth),
            )
            for number, student_id in enumerate(student_ids)
            for nth in range(SELECTIONS_PER_STUDENT)
        ),
        batch_size=BATCH,
    )
    # Each student holds one seat, bought by one payment (PostgreSQL hands back the new ids).
    enrolments = Enrolment.objects.bulk_create(
        (
            Enrolment(
                student_id=student_id,
                participant_id=holder_of[student_id],
                camp_class_id=class_for(number, SELECTIONS_PER_STUDENT),
            )
            for number, student_id in enumerate(student_ids)
        ),
        batch_size=BATCH,
    )
    Payment.objects.bulk_create(
        (
            Payment(
                student_id=enrolment.student_id,
                participant_id=enrolment.participant_id,
                participant_name="Bench",
                camp_class_id=enrolment.camp_class_id,
                transaction_id=f"pi_bench_{number}",
                price=Decimal("45.50"),
                status=PaymentStatus.ENROLLED,
                enrolment_id=enrolment.pk,
            )
            for number, enrolment in enumerate(enrolments)
        ),
        batch_size=BATCH,
    )
    with connection.cursor() as cursor:
        # The search documents' UPDATE left a dead version of every class row behind.
        cursor.execute("VACUUM ANALYZE")
    student = User.objects.get(pk=student_ids[0])
    admin = User.objects.get(role=Role.ADMIN)
    return {
        "params": {
            "email": student.email,
            "today": today.isoformat(),
            # Two weeks into the season: the later classes.
            "soon": (season + timedelta(weeks=2)).isoformat(),
            # A class in the middle of the table, approved, with its meetings.
            "class_id": class_ids[len(class_ids) // 2 // 20 * 20],
        },
        "tokens": {
            "student": str(AccessToken.for_user(student)),
            "admin": str(AccessToken.for_user(admin)),
        },
        "rows": {
            "classes": Class.objects.count(),
            "meetings": Meeting.objects.count(),
            "users": User.objects.count(),
            "selections": Selection.objects.count(),
            "payments": Payment.objects.count(),
        },
    }


# --- server and load -------------------------------------------------------------------------


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def milliseconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * UNITS[unit]


# One request at a time per process (gunicorn's sync worker), where production serves WEB_THREADS
# on threads (bench/rush.py measures those). These answers keep a core busy, so threads add
# nothing here but an unfair split: a threaded worker keeps each keep-alive connection it
# accepts, and now and then one process took all of wrk's while the other idled (the same
# floor measured 1,600 requests/s in one run and 3,700 in the next). A sync worker closes each
# connection after its answer, so every request is the kernel's to hand to either process.
API_THREADS = 1


def wrk(url: str, seconds: int, headers: dict) -> dict:
    cores = os.cpu_count()
    command = [
        "wrk",
        f"--threads={cores}",
        f"--connections={2 * cores}",
        f"--duration={seconds}s",
        f"--timeout={WRK_TIMEOUT}",
        "--latency",
        *[argument for name, value in headers.items() for argument in ("-H", f"{name}: {value}")],
        url,
    ]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout  # noqa: S603
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)$", output, re.MULTILINE)
    # With no request done within the duration, wrk prints no distribution.
    return {
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50_ms": milliseconds(percentiles["50"]) if "50" in percentiles else float("nan"),
        "p99_ms": milliseconds(percentiles["99"]) if "99" in percentiles else float("nan"),
        "errors": (int(non_2xx.group(1)) if non_2xx else 0),
        "socket_errors": socket_errors.group(1) if socket_errors else "",
    }


def flush_cache() -> None:
    """Forget the previous size's cached answers: each size starts cold, like a deploy."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(f"{CACHE_KEY_PREFIX}:*"):
        client.delete(key)


def load(url: str, headers: dict, duration: int) -> dict:
    """wrk on one URL after a warm-up; the duration grows for slow answers (about 20 each)."""
    wrk(url, WARMUP_SECONDS, headers)
    # Timed after the warm-up, whose last requests may still hold the workers.
    once = time.monotonic()
    answer = requests.get(url, headers=headers, timeout=300)
    answer.raise_for_status()
    seconds = max(duration, min(MAX_SECONDS, round(20 * (time.monotonic() - once))))
    result = wrk(url, seconds, headers)
    result["seconds"] = seconds
    result["body_bytes"] = len(answer.content)
    result["body"] = answer.content
    return result


def bench_size(classes: int, duration: int, work: Path, endpoints: list[tuple]) -> dict:
    print(f"==> {classes:,} classes: fresh database, migrate, seed", flush=True)
    recreate_database()
    flush_cache()
    run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"])
    started = time.monotonic()
    seeded = json.loads(
        run([sys.executable, __file__, "seed", str(classes)], capture_output=True, text=True).stdout
    )
    seed_seconds = time.monotonic() - started
    print(f"    seeded {seeded['rows']} in {seed_seconds:.0f} s", flush=True)

    floor_dir = work / f"floors-{classes}"
    floor_dir.mkdir()
    results = {}
    with gunicorn(
        env=server_env(BENCH_FLOOR_DIR=str(floor_dir)),
        log=work / f"gunicorn-{classes}.log",
        workers=os.cpu_count(),
        threads=API_THREADS,
    ) as base:
        for label, floor_name, path, caller in endpoints:
            headers = {"Authorization": f"Bearer {seeded['tokens'][caller]}"} if caller else {}
            result = load(base + path.format(**seeded["params"]), headers, duration)
            # The floor answers this endpoint's own bytes, so both bodies are the same size.
            (floor_dir / f"{floor_name}.json").write_bytes(result.pop("body"))
            floor = load(f"{base}/api/_floor/{floor_name}", {}, duration)
            floor.pop("body")
            result["floor"] = floor
            results[label] = result
            print(
                f"    {label:48} {result['rps']:9.1f} req/s (floor {floor['rps']:9.1f})"
                f"  p50 {result['p50_ms']:8.2f} ms  p99 {result['p99_ms']:8.2f} ms"
                f"  ({result['body_bytes']:,} bytes)",
                flush=True,
            )
    flush_cache()
    return {"classes": classes, "rows": seeded["rows"], "seed_s": seed_seconds, "results": results}


# --- report ----------------------------------------------------------------------------------


def machine(database_url: str = DATABASE_URL) -> dict:
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.MULTILINE)
    memory = re.search(r"^MemTotal:\s+(\d+) kB", Path("/proc/meminfo").read_text(), re.MULTILINE)
    postgres = subprocess.run(  # noqa: S603 - our own arguments
        ["psql", database_url, "-Atc", "SHOW server_version"],  # noqa: S607
        capture_output=True,
        text=True,
    ).stdout.strip()
    # The season report alone (bench/reports.py) runs without wrk.
    wrk_version = (
        subprocess.run(["wrk", "--version"], capture_output=True, text=True)  # noqa: S607
        if shutil.which("wrk")
        else subprocess.CompletedProcess([], 0, "wrk (not installed)", "")
    )
    return {
        "cores": os.cpu_count(),
        "memory_gib": int(memory.group(1)) / 1024 / 1024 if memory else 0,
        "cpu": model.group(1).strip() if model else platform.processor(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "postgres": postgres or "unknown",
        "wrk": (wrk_version.stdout + wrk_version.stderr).split("[")[0].strip(),
    }


def _ratio(result: dict) -> float:
    return result["rps"] / result["floor"]["rps"]


def _mark(met: bool) -> str:
    return "yes" if met else "**no**"


def report(runs: list[dict], duration: int, host: dict, sections: list[str]) -> str:
    """The Markdown page; `sections` (the bundle, Lighthouse) go between ratios and figures."""
    small, large = runs[0], runs[-1]
    labels = [label for label, _, _, _ in ENDPOINTS if label in small["results"]]
    sizes = " | ".join(f"{run['classes']:,} classes" for run in runs)
    lines = [
        "# Performance",
        "",
        "Generated by `make bench` (bench/run.py); rerun it to refresh every figure below.",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on the machine described at the end.",
        "",
        "## Ratios",
        "",
        "Each endpoint's requests per second divided by its floor's: the same gunicorn answering",
        "a constant JSON body exactly as long as that endpoint's answer, through the same",
        "middleware (`/api/_floor/<name>`, only in `bench.settings`). Target for the public",
        f"lists, whose visitors' answers are cached: >= {RATIO_TARGET}. A visitor's answer the",
        "database makes every time (a long search, a class's page) is marked *not cached*.",
        "",
        f"| endpoint | {sizes} | public list at target |",
        "| --- | " + " | ".join("---:" for _ in runs) + " | --- |",
    ]
    for label in labels:
        ratios = [_ratio(run["results"][label]) for run in runs]
        if label in NOT_CACHED:
            met = "not cached"
        elif label in PUBLIC:
            met = _mark(min(ratios) >= RATIO_TARGET)
        else:
            met = "not public"
        lines.append(
            f"| {label} | " + " | ".join(f"{ratio:.2f}" for ratio in ratios) + f" | {met} |"
        )
    lines += [
        "",
        f"Median latency at {large['classes']:,} classes divided by the median at "
        f"{small['classes']:,} (target: <= {FLATNESS_TARGET}). A whole list grows with the",
        "school, so its answer's time follows its length: for those the last column compares it",
        "with its floor at the larger size instead, the cost of the bytes alone.",
        "",
        "| endpoint | p50 ratio | at target | p50 over its floor's, larger size |",
        "| --- | ---: | --- | ---: |",
    ]
    for label in labels:
        ratio = large["results"][label]["p50_ms"] / small["results"][label]["p50_ms"]
        large_result = large["results"][label]
        over_floor = large_result["p50_ms"] / large_result["floor"]["p50_ms"]
        if label in WHOLE_LISTS:
            met = "grows with the list"
        elif label in GROWS_WITH_MATCHES:
            met = "grows with the matches"
        else:
            met = _mark(ratio <= FLATNESS_TARGET)
        lines.append(f"| {label} | {ratio:.2f} | {met} | {over_floor:.2f} |")
    searched = {LONG_SEARCH_LABEL, CACHED_SEARCH_LABEL, CLASS_PAGE_LABEL} <= set(labels)
    lines += ["", *(search_section(runs) if searched else []), *sections]
    lines += ["## Absolute figures", ""]
    for run in runs:
        rows = ", ".join(f"{count:,} {name}" for name, count in run["rows"].items())
        lines += [
            f"### {run['classes']:,} classes",
            "",
            f"Rows: {rows} (seeded in {run['seed_s']:.0f} s).",
            "",
            "| endpoint | requests/s | p50 ms | p99 ms | floor requests/s | floor p50 ms "
            "| requests | seconds | errors | bytes |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for label in labels:
            result = run["results"][label]
            floor = result["floor"]
            errors = result["errors"] + floor["errors"]
            socket_errors = "; ".join(
                problem for problem in (result["socket_errors"], floor["socket_errors"]) if problem
            )
            if socket_errors:
                errors = f"{errors}; socket: {socket_errors}"
            lines.append(
                f"| {label} | {result['rps']:.1f} | {result['p50_ms']:.2f} | "
                f"{result['p99_ms']:.2f} | {floor['rps']:.1f} | {floor['p50_ms']:.2f} | "
                f"{result['requests']} | {result['seconds']} | {errors} | "
                f"{result['body_bytes']:,} |"
            )
        lines.append("")
    cores = host["cores"]
    lines += [
        "## Machine",
        "",
        f"- CPU: {host['cpu']}, {cores} cores (nproc)",
        f"- Memory: {host['memory_gib']:.1f} GiB",
        f"- Linux {host['kernel']}, Python {host['python']}, PostgreSQL {host['postgres']}, "
        f"{host['wrk']}, Redis at REDIS_URL for the shared cache",
        "- Load generator, server, database and cache share this machine.",
        "",
        "## How it was run",
        "",
        "```sh",
        "make bench    # .venv/bin/python bench/run.py "
        f"--sizes {','.join(str(run['classes']) for run in runs)} --duration {duration}",
        "```",
        "",
        "For each size: `DROP DATABASE camp_bench` and create it again, `manage.py migrate`, bulk",
        "inserts of the classes (8/10 approved, 1/8 full, every category, ages from 5 to adults,",
        f"a season of {SEASON_WEEKS} weeks of morning, afternoon and evening classes, 1/"
        f"{TO_BE_ANNOUNCED_EVERY} to be announced) and their meetings, the search documents in",
        f"one UPDATE, one instructor per {CLASSES_PER_INSTRUCTOR} classes, one student per class "
        f"with {SELECTIONS_PER_STUDENT} selections and one",
        "enrolled payment each, one admin, then `VACUUM ANALYZE`; the bench's keys in Redis are",
        "emptied before and after. The server:",
        "",
        "```sh",
        f"DJANGO_SETTINGS_MODULE={SETTINGS} gunicorn camp.wsgi:application --workers={cores} "
        f"--threads={API_THREADS} \\",
        "    --timeout=300 --access-logfile=/dev/null",
        "```",
        "",
        "One request at a time per process, where the Procfile serves several on threads (the",
        "rush measures those): a threaded worker keeps each keep-alive connection it accepts,",
        "and one process sometimes took all of wrk's while the other idled.",
        "",
        f"Each endpoint, then its floor: a {WARMUP_SECONDS} s warm-up (so a cached list is",
        "measured warm, as it is served all day), then wrk for the duration (longer for an",
        f"answer that takes over {duration / 20:.1f} s: about 20 answers' time, at most",
        f"{MAX_SECONDS} s; the tables give each endpoint's seconds):",
        "",
        "```sh",
        f"wrk --threads={cores} --connections={2 * cores} --duration={duration}s "
        f"--timeout={WRK_TIMEOUT} --latency URL",
        "```",
        "",
        "Signed-in endpoints send `Authorization: Bearer <token>` of a seeded student or admin.",
        "",
    ]
    return "\n".join(lines)


def search_section(runs: list[dict]) -> list[str]:
    """Where a search cannot be cached, and what it costs then, from the figures measured."""

    def figures(label: str) -> str:
        return "; ".join(
            f"{run['classes']:,} classes: {run['results'][label]['rps']:.0f} requests/s, "
            f"p50 {run['results'][label]['p50_ms']:.1f} ms, "
            f"p99 {run['results'][label]['p99_ms']:.1f} ms"
            for run in runs
        )

    return [
        "## Search and the cache",
        "",
        "A visitor's list is cached under its query as sent (`core/public_cache.py`), but only",
        "when every value is at most 16 characters (`MAX_QUERY_VALUE`): junk queries must not",
        "fill the cache. Every filter value fits (a slug, a date, a number, a weekday), and so",
        "does a search of up to 16 characters (a word, or two short ones), served from the",
        f"cache like the other lists: `{CACHED_SEARCH_LABEL}`: {figures(CACHED_SEARCH_LABEL)}.",
        "",
        f"A longer search, such as `{LONG_SEARCH}`, is never cached: each request asks",
        "PostgreSQL, which finds the matches through the GIN index `class_search_idx`, ranks",
        "every match (`ts_rank`), sorts them for the page and counts them for `X-Total-Count`.",
        f"Two words of a name match about 1 class in 200 here. `{LONG_SEARCH_LABEL}`:",
        f"{figures(LONG_SEARCH_LABEL)}. Its cost grows with the number of matches, not with",
        "the table. An admin's list, searched or not, is never cached either.",
        "",
        "A class's page is not a list and is not cached: each request reads the class, its",
        f"instructor and category by primary key. `{CLASS_PAGE_LABEL}`: "
        f"{figures(CLASS_PAGE_LABEL)}.",
        "",
    ]


# The bundle's part of the page, which `--bundle-only` writes again after a build.
BUNDLE_SECTION = "bundle"


def bundle_report() -> list[str]:
    """The bundle's section between its markers, as lines of the page."""
    return marked(BUNDLE_SECTION, bundle_text()).splitlines() + [""]


def bundle_text() -> str:
    """What each route downloads on first load, from the build in static/dist."""
    printed = subprocess.run(
        ["node", "scripts/bundle-report.js"],  # noqa: S607 - Node from the PATH, as npm uses
        cwd=ROOT / "frontend",
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    body = [
        "## Browser bundle",
        "",
        "`node frontend/scripts/bundle-report.js` on the production build (`make build`); the",
        "budget test (`make test-bundle`, frontend/scripts/bundle-budget.test.js) fails when a",
        "visitor's first load of a page they browse (the lists, a class's or an instructor's",
        "page with its own route chunk) passes 140,000 bytes gzip of JS and CSS together, a",
        "sign-in page with its form chunk 175,000; when the first load lacks react-dom's",
        "production build or any chunk holds a stand-in for React (Preact and the like); and",
        "when a visitor's first load carries Stripe, the dashboard or Firebase. The last table",
        "credits each byte of the entry to its package through the build's source maps.",
        "",
        "```text",
        printed.rstrip(),
        "```",
        "",
        "What else was measured for the entry (November 2026, each gzipped on its own): React",
        "Router's data router (createBrowserRouter with lazy route objects, errorElement and",
        "ScrollRestoration) cost 17 KB more than the declarative routes the app draws now",
        "(29.7 KiB of React Router then, 12.6 now); SWR's infinite-list module is 1.0 KB, which",
        "the first screen's cache key needs (frontend/src/app/firstScreen.js); the toast with its",
        "notices 0.6 KB, the footer 1.3 KB and the error page 0.5 KB. Those stay in the entry:",
        "each would cost a request of its own, and every page is within its budget. The",
        "Firebase SDK is never in a visitor's first load (the budget test and",
        "e2e/test_performance.py check it); it follows the first render only where sign-in",
        "needs it.",
    ]
    return "\n".join(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,100000", help="classes per run, comma-separated")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per endpoint")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    parser.add_argument(
        "--no-lighthouse", action="store_true", help="leave out the Lighthouse scores"
    )
    parser.add_argument(
        "--bundle-only",
        action="store_true",
        help="write only the bundle's section again, from the build in static/dist",
    )
    parser.add_argument(
        "--endpoints",
        help="only these endpoints, by floor name, comma-separated (no bundle, no Lighthouse)",
    )
    parser.add_argument(
        "--no-reports", action="store_true", help="leave out the season report's measure"
    )
    parser.add_argument(
        "--reports-only",
        action="store_true",
        help="measure only the season report and write its section again (bench/reports.py)",
    )
    arguments = parser.parse_args()
    if arguments.bundle_only:
        page = arguments.output.read_text() if arguments.output.exists() else ""
        arguments.output.write_text(section_put(page, BUNDLE_SECTION, bundle_text()))
        print(f"==> Wrote the bundle's section of {arguments.output}")
        return
    # bench/ is the script's folder, so its sibling modules import by name.
    import reports

    if arguments.reports_only:
        reports.measured_and_written(arguments.output)
        return
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install -y wrk (make bench does it).")
    sizes = [int(size) for size in arguments.sizes.split(",")]
    endpoints = ENDPOINTS
    if arguments.endpoints:
        names = arguments.endpoints.split(",")
        unknown = set(names) - {name for _, name, _, _ in ENDPOINTS}
        if unknown:
            sys.exit(f"No such endpoint: {', '.join(sorted(unknown))}.")
        endpoints = [endpoint for endpoint in ENDPOINTS if endpoint[1] in names]
    work = Path(tempfile.mkdtemp(prefix="camp-bench-"))
    runs = [bench_size(size, arguments.duration, work, endpoints) for size in sizes]
    bundle_section = [] if arguments.endpoints else bundle_report()
    reports_section = []
    if not (arguments.no_reports or arguments.endpoints):
        reports_section = reports.section_lines(reports.measure(work), machine())
    lighthouse_section = []
    if not (arguments.no_lighthouse or arguments.endpoints):
        import lighthouse

        print("==> Lighthouse on the demo site", flush=True)
        lighthouse_section = lighthouse.section_lines(lighthouse.run_lighthouse())
    sections = [*bundle_section, *reports_section, *lighthouse_section]
    # Other commands' sections of the page (`make bench-rush`'s, and `make lighthouse`'s or the
    # season report's when this run leaves it out) stay as they were.
    earlier = arguments.output.read_text() if arguments.output.exists() else ""
    page = report(runs, arguments.duration, machine(), sections)
    arguments.output.write_text(sections_kept(earlier, page))
    print(f"==> Wrote {arguments.output} (server logs in {work})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(seed(int(sys.argv[2]))))
    else:
        main()
