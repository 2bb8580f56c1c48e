"""CPU per request of a student's own lists, in one process: Django's and PostgreSQL's.

    BENCH_DATABASE_URL=postgres://.../camp_lists_bench .venv/bin/python bench/lists_cpu.py [N]

Seeds the 1,000-class school as `make bench` does (the database at BENCH_DATABASE_URL is
dropped and made again), then asks each list N times (2,000 unless given) through
`django.test.Client` under `bench.settings`, with the seeded student's token, and prints the
CPU per request of this process (`time.process_time`) and of its PostgreSQL backend (from
/proc, so PostgreSQL must run on this machine), then the same for each list's floor. CPU time,
unlike throughput, holds still on a shared machine.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSES = 1000
WARM_UP = 50


def seeded() -> dict:
    sys.path.insert(0, str(ROOT / "bench"))
    import run

    run.recreate_database()
    run.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"])
    answer = subprocess.run(  # noqa: S603 - our own script
        [sys.executable, str(ROOT / "bench" / "run.py"), "seed", str(CLASSES)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        env=run.server_env(),
    )
    os.environ.update(run.server_env())
    return json.loads(answer.stdout)


def backend_cpu_seconds(connection) -> float:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # utime and stime, in clock ticks.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    requests = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    school = seeded()
    floors = tempfile.mkdtemp(prefix="camp-lists-cpu-")
    os.environ["BENCH_FLOOR_DIR"] = floors
    os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    email = school["params"]["email"]
    client = Client(
        HTTP_AUTHORIZATION=f"Bearer {school['tokens']['student']}", SERVER_NAME="127.0.0.1"
    )
    paths = {
        "selections": f"/api/selectClass?email={email}",
        "enrolled": f"/api/enrolledStudent/{email}",
        "payments": f"/api/payments/{email}",
    }
    for name, path in list(paths.items()):
        response = client.get(path)
        assert response.status_code == 200, response.content[:300]
        (Path(floors) / f"{name}.json").write_bytes(response.content)
        paths[f"floor of {name}"] = f"/api/_floor/{name}"
    for name, path in paths.items():
        for _ in range(WARM_UP):
            client.get(path)
        database = backend_cpu_seconds(connection)
        started = time.process_time()
        for _ in range(requests):
            client.get(path)
        python = (time.process_time() - started) / requests * 1000
        database = (backend_cpu_seconds(connection) - database) / requests * 1000
        print(f"{name:20} Python {python:6.3f} ms  PostgreSQL {database:6.3f} ms a request")


if __name__ == "__main__":
    main()
