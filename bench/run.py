"""`make bench`: the API under load, against the floor, at two sizes of the school.

For each size: a fresh PostgreSQL database (camp_bench), migrated and seeded with bulk inserts;
gunicorn with camp.settings.bench (production plus /api/_floor), one worker per core; wrk on
each endpoint; then docs/performance.md is rewritten with the figures.

    .venv/bin/python bench/run.py [--sizes 1000,100000] [--duration 10] [--output PATH]

BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/camp_bench);
it is dropped and created again for every size.
"""

import argparse
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import requests

ROOT = Path(__file__).resolve().parents[1]
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench")
SETTINGS = "camp.settings.bench"
STARTUP_TIMEOUT = 120
# wrk's default 2 s timeout would count the slowest full lists as errors instead of measuring them.
WRK_TIMEOUT = "120s"
WARMUP_SECONDS = 2
MAX_SECONDS = 120

# Proportions per class: a tenth of an instructor, one student, two selections, one payment.
CLASSES_PER_INSTRUCTOR = 10
SELECTIONS_PER_STUDENT = 2
BATCH = 5_000

FLOOR = "floor"
ENDPOINTS = [
    (FLOOR, "/api/_floor", False),
    ("GET /api/classes", "/api/classes", False),
    ("GET /api/popularClasses", "/api/popularClasses", False),
    ("GET /api/instructors", "/api/instructors", False),
    ("GET /api/selectClass?email= (signed in)", "/api/selectClass?email={email}", True),
]


def server_env(**extra) -> dict:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": SETTINGS, "DATABASE_URL": DATABASE_URL, **extra}
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
    from classes.models import Class, ClassStatus, Selection
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
    Payment.objects.bulk_create(
        (
            Payment(
                student_id=student_id,
                camp_class_id=class_for(number, SELECTIONS_PER_STUDENT),
                transaction_id=f"pi_bench_{number}",
                price=Decimal("45.50"),
                status=PaymentStatus.ENROLLED,
            )
            for number, student_id in enumerate(student_ids)
        ),
        batch_size=BATCH,
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    caller = User.objects.get(pk=student_ids[0])
    return {
        "email": caller.email,
        "token": str(AccessToken.for_user(caller)),
        "rows": {
            "classes": Class.objects.count(),
            "users": User.objects.count(),
            "selections": Selection.objects.count(),
            "payments": Payment.objects.count(),
        },
    }


# --- server and load -------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int, floor_file: Path, log: Path) -> subprocess.Popen:
    process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
        [
            sys.executable,
            "-m",
            "gunicorn",
            "camp.wsgi:application",
            f"--bind=127.0.0.1:{port}",
            f"--workers={os.cpu_count()}",
            "--timeout=300",
            # Like the Procfile, every request is logged; here into /dev/null.
            "--access-logfile=/dev/null",
        ],
        cwd=ROOT,
        env=server_env(BENCH_FLOOR_BODY_FILE=str(floor_file)),
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"gunicorn stopped:\n{log.read_text()}")
        try:
            if requests.get(f"http://127.0.0.1:{port}/api/health", timeout=5).ok:
                return process
        except requests.RequestException:
            pass  # not listening yet
        time.sleep(0.2)
    process.kill()
    sys.exit(f"gunicorn did not start:\n{log.read_text()}")


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


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


def bench_size(classes: int, duration: int, work: Path) -> dict:
    print(f"==> {classes:,} classes: fresh database, migrate, seed", flush=True)
    recreate_database()
    run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"])
    started = time.monotonic()
    seeded = json.loads(
        run([sys.executable, __file__, "seed", str(classes)], capture_output=True, text=True).stdout
    )
    seed_seconds = time.monotonic() - started
    print(f"    seeded {seeded['rows']} in {seed_seconds:.0f} s", flush=True)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    floor_file = work / f"floor-{classes}.json"
    process = start_server(port, floor_file, work / f"gunicorn-{classes}.log")
    try:
        # The floor answers /api/classes' own bytes, so both bodies are the same size.
        classes_body = requests.get(f"{base}/api/classes", timeout=300).content
        floor_file.write_bytes(classes_body)
        auth = {"Authorization": f"Bearer {seeded['token']}"}
        results = {}
        for label, path, signed_in in ENDPOINTS:
            url = base + path.format(email=seeded["email"])
            headers = auth if signed_in else {}
            wrk(url, WARMUP_SECONDS, headers)
            # Timed after the warm-up, whose last requests may still hold the workers.
            once = time.monotonic()
            answer = requests.get(url, headers=headers, timeout=300)
            answer.raise_for_status()
            # A slow endpoint gets time for about 20 answers per connection, up to 2 minutes.
            seconds = max(duration, min(MAX_SECONDS, round(20 * (time.monotonic() - once))))
            result = wrk(url, seconds, headers)
            result["seconds"] = seconds
            result["body_bytes"] = len(answer.content)
            results[label] = result
            print(
                f"    {label:45} {result['rps']:9.1f} req/s  p50 {result['p50_ms']:9.2f} ms"
                f"  p99 {result['p99_ms']:9.2f} ms  ({result['body_bytes']:,} bytes)",
                flush=True,
            )
    finally:
        stop_server(process)
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


def report(runs: list[dict], duration: int, host: dict) -> str:
    small, large = runs[0], runs[-1]
    labels = [label for label, _, _ in ENDPOINTS if label != FLOOR]
    lines = [
        "# Performance",
        "",
        "Generated by `make bench` (bench/run.py); rerun it to refresh every figure below.",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.",
        "",
        "## Ratios",
        "",
        "Requests per second of each endpoint divided by the floor's: the same gunicorn",
        "answering a constant JSON body as long as `/api/classes`' answer through the same",
        "middleware (`/api/_floor`, only in `camp.settings.bench`). Target: public lists >= 0.8.",
        "",
        "| endpoint | " + " | ".join(f"{run['classes']:,} classes" for run in runs) + " |",
        "| --- | " + " | ".join("---:" for _ in runs) + " |",
    ]
    for label in labels:
        ratios = [run["results"][label]["rps"] / run["results"][FLOOR]["rps"] for run in runs]
        lines.append(f"| {label} | " + " | ".join(f"{ratio:.2f}" for ratio in ratios) + " |")
    lines += [
        "",
        f"Median latency at {large['classes']:,} classes divided by the median at "
        f"{small['classes']:,} (target: <= 1.2):",
        "",
        "| endpoint | p50 ratio |",
        "| --- | ---: |",
    ]
    for label in [FLOOR, *labels]:
        ratio = large["results"][label]["p50_ms"] / small["results"][label]["p50_ms"]
        lines.append(f"| {label} | {ratio:.2f} |")
    lines += ["", "## Absolute figures", ""]
    for run in runs:
        rows = ", ".join(f"{count:,} {name}" for name, count in run["rows"].items())
        lines += [
            f"### {run['classes']:,} classes",
            "",
            f"Rows: {rows} (seeded in {run['seed_s']:.0f} s).",
            "",
            "| endpoint | requests/s | p50 ms | p99 ms | requests | seconds | errors | bytes |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for label in [FLOOR, *labels]:
            result = run["results"][label]
            errors = result["errors"]
            if result["socket_errors"]:
                errors = f"{errors}; socket: {result['socket_errors']}"
            lines.append(
                f"| {label} | {result['rps']:.1f} | {result['p50_ms']:.2f} | "
                f"{result['p99_ms']:.2f} | {result['requests']} | {result['seconds']} | {errors} | "
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
        f"{host['wrk']}",
        "- Load generator, server and database share this machine.",
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
        "enrolled payment each, then `ANALYZE`. The server:",
        "",
        "```sh",
        f"DJANGO_SETTINGS_MODULE={SETTINGS} gunicorn camp.wsgi:application --workers={cores} \\",
        "    --timeout=300 --access-logfile=/dev/null",
        "```",
        "",
        f"Each endpoint: a {WARMUP_SECONDS} s warm-up, then (the duration is longer for an",
        f"endpoint whose single answer takes over {duration / 20:.1f} s: about 20 answers' time,",
        f"at most {MAX_SECONDS} s; the tables give each endpoint's seconds)",
        "",
        "```sh",
        f"wrk --threads={cores} --connections={2 * cores} --duration={duration}s "
        f"--timeout={WRK_TIMEOUT} --latency URL",
        "```",
        "",
        "The signed-in endpoint sends `Authorization: Bearer <token>` of a seeded student.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,100000", help="classes per run, comma-separated")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per endpoint")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    arguments = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install -y wrk (make bench does it).")
    sizes = [int(size) for size in arguments.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="camp-bench-"))
    runs = [bench_size(size, arguments.duration, work) for size in sizes]
    arguments.output.write_text(report(runs, arguments.duration, machine()))
    print(f"==> Wrote {arguments.output} (server logs in {work})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(seed(int(sys.argv[2]))))
    else:
        main()
