"""Real gunicorn processes serving the site from the test database, for tests that need
several server processes behind one database (races, shared caches)."""

import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
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


@contextmanager
def gunicorn_servers(*, env: dict, logs: Path, count: int = 2, options: tuple = ()):
    """Start `count` gunicorn processes; their base URLs. They are stopped on the way out,
    before the test database is flushed, which their connections would block."""
    started = []
    try:
        for number in range(count):
            port = free_port()
            log = logs / f"server-{number}.log"
            process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "camp.wsgi:application",
                    f"--bind=127.0.0.1:{port}",
                    "--workers=1",
                    "--timeout=120",
                    *options,
                ],
                cwd=ROOT,
                env=env,
                stdout=log.open("w"),
                stderr=subprocess.STDOUT,
            )
            started.append((f"http://127.0.0.1:{port}", process, log))
        for url, process, log in started:
            wait_until_serving(url, process, log)
        yield [url for url, _, _ in started]
    finally:
        for _, process, _ in started:
            process.terminate()
        for _, process, _ in started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
