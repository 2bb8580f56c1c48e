"""Writers that meet a lock wait their turn; a lock held too long is 503, never a 500.

A real server process (gunicorn, four threads) serves a real database: a SQLite file, as
`make run` uses by default, and the PostgreSQL test database when the suite runs on one. Another
connection holds the lock, as a long request or a back-office job would.
"""

import json
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import requests
from django.db import connection

from testing import services
from testing.servers import ROOT, database_url, gunicorn_servers, process_env

pytestmark = pytest.mark.django_db(transaction=True)

LOCK_TIMEOUT_SECONDS = 1
SEED = """
import json
import django
django.setup()
from rest_framework_simplejwt.tokens import AccessToken
from testing.factories import ClassFactory, UserFactory
from classes.models import ClassStatus
student = UserFactory(email="sam@camp.test")
camp_class = ClassFactory(status=ClassStatus.APPROVED, seats=5, price=0)
print(json.dumps({"token": str(AccessToken.for_user(student)), "class_id": camp_class.pk}))
"""


def _run(env: dict, *args: str) -> str:
    done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(params=["sqlite", "postgresql"])
def school(request, tmp_path):
    """A server on the kind of database named, seeded with a student and a free class."""
    if request.param == "sqlite":
        services.left_to_the_sqlite_pass(
            "the lock test's SQLite case serves a SQLite file of its own, whichever the pass."
        )
        url = request.getfixturevalue("sqlite_file_url")
    elif connection.vendor == "postgresql":
        url = database_url()
    else:
        services.needs_postgresql("the lock test's PostgreSQL case runs on the suite's database.")
    env = process_env(database=url, DATABASE_LOCK_TIMEOUT_SECONDS=str(LOCK_TIMEOUT_SECONDS))
    seeded = json.loads(_run(env, "-c", SEED).strip().splitlines()[-1])
    with gunicorn_servers(env=env, logs=tmp_path, count=1, options=("--threads=4",)) as [url_]:
        yield {
            "kind": request.param,
            "url": url_,
            "database": url,
            "bearer": {"Authorization": f"Bearer {seeded['token']}"},
            "class_id": seeded["class_id"],
        }


def select(school) -> requests.Response:
    return requests.post(
        f"{school['url']}/api/selectClass",
        json={"classId": school["class_id"]},
        headers=school["bearer"],
        timeout=30,
    )


def selections(school) -> int:
    if school["kind"] == "sqlite":
        with sqlite3.connect(school["database"].removeprefix("sqlite:///")) as db:
            return db.execute("SELECT count(*) FROM enrolments_selection").fetchone()[0]
    with psycopg.connect(school["database"].replace("postgres://", "postgresql://")) as db:
        return db.execute("SELECT count(*) FROM enrolments_selection").fetchone()[0]


class held_lock:
    """Another connection holding the write lock Select needs, until the block ends."""

    def __init__(self, school):
        self.school = school

    def __enter__(self):
        if self.school["kind"] == "sqlite":
            path = self.school["database"].removeprefix("sqlite:///")
            self.db = sqlite3.connect(path, isolation_level=None)
            self.db.execute("BEGIN IMMEDIATE")
        else:
            self.db = psycopg.connect(
                self.school["database"].replace("postgres://", "postgresql://")
            )
            self.db.execute(
                "SELECT id FROM classes_class WHERE id = %s FOR UPDATE", [self.school["class_id"]]
            )
        return self

    def __exit__(self, *exc):
        if self.school["kind"] == "sqlite":
            self.db.execute("ROLLBACK")
        else:
            self.db.rollback()
        self.db.close()


def test_three_quick_clicks_on_select_make_one_selection_and_no_error(school):
    with ThreadPoolExecutor(max_workers=3) as clicks:
        answers = list(clicks.map(lambda _: select(school), range(3)))

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [201, 409, 409], [answer.text[:200] for answer in answers]
    for answer in answers:
        assert answer.headers["Content-Type"] == "application/json"
    assert selections(school) == 1


def test_a_lock_held_past_the_timeout_answers_503_then_the_retry_succeeds(school):
    with held_lock(school):
        started = time.monotonic()
        busy = select(school)
        waited = time.monotonic() - started

    again = select(school)

    assert busy.status_code == 503, busy.text[:300]
    assert busy.json() == {
        "message": "The school's database is busy right now. Please try again in a moment."
    }
    assert int(busy.headers["Retry-After"]) > 0
    # It waited its bounded time for the lock rather than failing at once.
    assert waited >= LOCK_TIMEOUT_SECONDS * 0.9
    assert again.status_code == 201
    assert selections(school) == 1
