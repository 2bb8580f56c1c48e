"""`make bench`: the API under load, against the floor, at two sizes of the school.

For each size: a fresh PostgreSQL database (camp_bench), migrated and seeded with bulk inserts;
gunicorn with bench.settings (production plus /api/_floor), one worker per core; wrk on
each endpoint; then docs/performance.md is rewritten with the figures.

    .venv/bin/python bench/run.py [--sizes 1000,100000] [--duration 10] [--output PATH]

BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/camp_bench);
it is dropped and created again for every size. BENCH_REDIS_URL names the shared cache (default
redis://127.0.0.1:6379/0), where the bench's keys carry a prefix of the run's own.
"""

import argparse
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
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import requests
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

PAGE = "page_size=24"
# (label, floor name, path, caller): every public list, whole and as the browser pages through
# it, and the main signed-in lists. The caller is None (a visitor), "student" or "admin".
ENDPOINTS = [
    ("GET /api/classes", "classes", "/api/classes", None),
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


def recreate_database() -> None:
    import psycopg

    parts = urlsplit(DATABASE_URL)
    name = parts.path.lstrip("/")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def seed(classes: int) -> dict:
    """Bulk-insert the school in the bench database; the signed-in caller's e-mail and token."""
    import django

    os.environ.update(server_env())
    django.setup()

    from decimal import Decimal

    from django.db import connection
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import Role, User
    from classes.models import Class, ClassStatus
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
    Class.objects.bulk_create(
        (
            Class(
                name=f"Class {number}",
                image=f"https://images.camp.test/classes/{number}.jpg",
                price=Decimal("45.50") + number % 50,
                seats=30,
                enroll=number % 31 if statuses[number % 10] == ClassStatus.APPROVED else 0,
                status=statuses[number % 10],
                instructor_id=instructor_ids[number % instructors],
            )
            for number in range(classes)
        ),
        batch_size=BATCH,
    )
    class_ids = list(Class.objects.order_by("id").values_list("id", flat=True))

    def class_for(student: int, nth: int) -> int:
        return class_ids[(student * 7 + nth) % len(class_ids)]

    Selection.objects.bulk_create(
        (
            Selection(student_id=student_id, camp_class_id=class_for(number, nth))
            for number, student_id in enumerate(student_ids)
            for nth in range(SELECTIONS_PER_STUDENT)
        ),
        batch_size=BATCH,
    )
    # Each student holds one seat, bought by one payment (PostgreSQL hands back the new ids).
    enrolments = Enrolment.objects.bulk_create(
        (
            Enrolment(
                student_id=student_id, camp_class_id=class_for(number, SELECTIONS_PER_STUDENT)
            )
            for number, student_id in enumerate(student_ids)
        ),
        batch_size=BATCH,
    )
    Payment.objects.bulk_create(
        (
            Payment(
                student_id=enrolment.student_id,
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
        cursor.execute("ANALYZE")
    student = User.objects.get(pk=student_ids[0])
    admin = User.objects.get(role=Role.ADMIN)
    return {
        "email": student.email,
        "tokens": {
            "student": str(AccessToken.for_user(student)),
            "admin": str(AccessToken.for_user(admin)),
        },
        "rows": {
            "classes": Class.objects.count(),
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


def bench_size(classes: int, duration: int, work: Path) -> dict:
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
    ) as base:
        for label, floor_name, path, caller in ENDPOINTS:
            headers = {"Authorization": f"Bearer {seeded['tokens'][caller]}"} if caller else {}
            result = load(base + path.format(email=seeded["email"]), headers, duration)
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


def machine() -> dict:
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.MULTILINE)
    memory = re.search(r"^MemTotal:\s+(\d+) kB", Path("/proc/meminfo").read_text(), re.MULTILINE)
    postgres = subprocess.run(  # noqa: S603 - our own arguments
        ["psql", DATABASE_URL, "-Atc", "SHOW server_version"],  # noqa: S607
        capture_output=True,
        text=True,
    ).stdout.strip()
    wrk_version = subprocess.run(["wrk", "--version"], capture_output=True, text=True)  # noqa: S607
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
    labels = [label for label, _, _, _ in ENDPOINTS]
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
        f"lists: >= {RATIO_TARGET}.",
        "",
        f"| endpoint | {sizes} | public list at target |",
        "| --- | " + " | ".join("---:" for _ in runs) + " | --- |",
    ]
    for label in labels:
        ratios = [_ratio(run["results"][label]) for run in runs]
        met = _mark(min(ratios) >= RATIO_TARGET) if label in PUBLIC else "not public"
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
        met = "grows with the list" if label in WHOLE_LISTS else _mark(ratio <= FLATNESS_TARGET)
        lines.append(f"| {label} | {ratio:.2f} | {met} | {over_floor:.2f} |")
    lines += ["", *sections, "## Absolute figures", ""]
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
        f"inserts of the classes (8/10 approved), one instructor per {CLASSES_PER_INSTRUCTOR} "
        f"classes, one student per class with {SELECTIONS_PER_STUDENT} selections and one",
        "enrolled payment each, one admin, then `ANALYZE`; the bench's keys in Redis are emptied",
        "before and after. The server:",
        "",
        "```sh",
        f"DJANGO_SETTINGS_MODULE={SETTINGS} gunicorn camp.wsgi:application --workers={cores} \\",
        "    --timeout=300 --access-logfile=/dev/null",
        "```",
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


def bundle_report() -> list[str]:
    """What each route downloads on first load, from the build in static/dist."""
    printed = subprocess.run(
        ["node", "scripts/bundle-report.js"],  # noqa: S607 - Node from the PATH, as npm uses
        cwd=ROOT / "frontend",
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [
        "## Browser bundle",
        "",
        "`node frontend/scripts/bundle-report.js` on the production build (`make build`); the",
        "budget test (`make test-bundle`) fails when a visitor's first load passes 152 KiB of JS",
        "or 34 KiB of CSS, or carries Stripe, the dashboard or Firebase.",
        "",
        "```text",
        printed.rstrip(),
        "```",
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,100000", help="classes per run, comma-separated")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per endpoint")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    parser.add_argument(
        "--no-lighthouse", action="store_true", help="leave out the Lighthouse scores"
    )
    arguments = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install -y wrk (make bench does it).")
    sizes = [int(size) for size in arguments.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="camp-bench-"))
    runs = [bench_size(size, arguments.duration, work) for size in sizes]
    bundle_section = bundle_report()
    lighthouse_section = []
    if not arguments.no_lighthouse:
        # bench/ is the script's folder, so its sibling module imports by name.
        import lighthouse

        print("==> Lighthouse on the demo site", flush=True)
        lighthouse_section = lighthouse.markdown(lighthouse.run_lighthouse())
    sections = [*bundle_section, *lighthouse_section]
    arguments.output.write_text(report(runs, arguments.duration, machine(), sections))
    print(f"==> Wrote {arguments.output} (server logs in {work})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(seed(int(sys.argv[2]))))
    else:
        main()
