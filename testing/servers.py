"""Real gunicorn processes serving the site from the test database, for tests that need
several server processes behind one database (races, shared caches)."""

import os
import re
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
import requests
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """The test database, as a DATABASE_URL the server processes can use."""
    db = connection.settings_dict
    credentials = quote(db["USER"] or "")
    if db["PASSWORD"]:
        credentials += f":{quote(db['PASSWORD'])}"
    host = db["HOST"] or "localhost"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{credentials}@{host}{port}/{db['NAME']}"


def process_env(*, database: str | None = None, **more: str) -> dict[str, str]:
    """The environment of a process a test starts on its database (the test database unless
    `database` names another): the test settings, this run's signing key so tokens minted here
    are good there, and no connection kept between requests, which would block the flush."""
    from django.conf import settings

    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "camp.settings.test",
        "DATABASE_URL": database or database_url(),
        "DATABASE_CONN_MAX_AGE": "0",
        "SECRET_KEY": settings.SECRET_KEY,
        **more,
    }


def wait_until_serving(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"The server at {url} stopped:\n{log.read_text()}")
        try:
            if requests.get(f"{url}/api/classes", timeout=10).status_code == 200:
                return
        except requests.RequestException:
            # Not listening yet, or still importing the project for its first request.
            pass
        time.sleep(0.2)
    pytest.fail(f"The server at {url} did not start:\n{log.read_text()}")


def _start(arguments: list[str], *, env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "-m", *arguments],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )


def _stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def gunicorn_servers(*, env: dict, logs: Path, count: int = 2, options: tuple = ()):
    """Start `count` gunicorn processes; their base URLs. They are stopped on the way out,
    before the test database is flushed, which their connections would block."""
    started = []
    try:
        for number in range(count):
            port = free_port()
            log = logs / f"server-{number}.log"
            process = _start(
                [
                    "gunicorn",
                    "camp.wsgi:application",
                    f"--bind=127.0.0.1:{port}",
                    "--workers=1",
                    # Threads, as the Procfile runs production's.
                    "--threads=4",
                    "--timeout=120",
                    *options,
                ],
                env=env,
                log=log,
            )
            started.append((f"http://127.0.0.1:{port}", process, log))
        for url, process, log in started:
            wait_until_serving(url, process, log)
        yield [url for url, _, _ in started]
    finally:
        _stop([process for _, process, _ in started])


@contextmanager
def celery_workers(*, env: dict, logs: Path, queue: str, count: int = 1):
    """Start `count` real Celery worker processes consuming `queue`, each with two threads;
    stopped on the way out, before the test database is flushed."""
    started = []
    try:
        for number in range(count):
            log = logs / f"worker-{number}.log"
            process = _start(
                [
                    "celery",
                    "-A",
                    "camp",
                    "worker",
                    f"--queues={queue}",
                    f"--hostname=worker{number}-{queue}@%h",
                    "--pool=threads",
                    "--concurrency=2",
                    "--loglevel=INFO",
                    "--without-heartbeat",
                    "--without-gossip",
                    "--without-mingle",
                ],
                env=env,
                log=log,
            )
            started.append((process, log))
        for process, log in started:
            wait_until_consuming(process, log)
        yield
    finally:
        _stop([process for process, _ in started])


def wait_until_consuming(process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"A Celery worker stopped:\n{log.read_text()}")
        if " ready." in log.read_text():
            return
        time.sleep(0.2)
    pytest.fail(f"A Celery worker did not start:\n{log.read_text()}")


def wait_for(condition, what: str) -> None:
    """Wait until `condition()` holds, or fail the test naming `what` it waited for."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"Timed out waiting for {what}.")


def wait_until_workers_idle(*, broker_url: str, queue: str, logs: Path) -> None:
    """Wait until nothing more is on its way to the mail sink: no task waits in `queue`, every
    task the workers of celery_workers(logs=...) received has ended in their logs (a retry
    waiting out its countdown has not), and no outbox row is still to be sent; or fail the
    test. A check that a second message never came runs after this, not after a guess at how
    long one would take."""
    from notifications.models import Message, MessageStatus

    broker = redis.Redis.from_url(broker_url)
    pending = [MessageStatus.QUEUED, MessageStatus.SENDING]

    def settled() -> bool:
        if broker.llen(queue) or Message.objects.filter(status__in=pending).exists():
            return False
        for log in logs.glob("worker-*.log"):
            text = log.read_text()
            received = len(re.findall(r"Task \S+ received", text))
            ended = len(re.findall(r"Task \S+ (?:succeeded|retry|raised|failed)", text))
            if received != ended:
                return False
        return True

    wait_for(settled, f"the workers on {queue} to finish what they hold")
