"""gunicorn for the bench scripts: started as production starts it, stopped however they end."""

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
STARTUP_TIMEOUT = 120


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# As the Procfile: each worker serves WEB_THREADS requests at once, on threads (16 unless set).
THREADS = int(os.environ.get("WEB_THREADS", "16"))


@contextmanager
def gunicorn(*, env: dict, log: Path, workers: int, threads: int = THREADS, timeout: int = 300):
    """The base URL of gunicorn serving camp.wsgi with `env`, once /api/health answers."""
    port = free_port()
    process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
        [
            sys.executable,
            "-m",
            "gunicorn",
            "camp.wsgi:application",
            f"--bind=127.0.0.1:{port}",
            f"--workers={workers}",
            f"--threads={threads}",
            f"--timeout={timeout}",
            # Like the Procfile, every request is logged; here into /dev/null.
            "--access-logfile=/dev/null",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            if process.poll() is not None:
                sys.exit(f"gunicorn stopped:\n{log.read_text()}")
            try:
                if requests.get(f"{base}/api/health", timeout=5).ok:
                    break
            except requests.RequestException:
                pass  # not listening yet
            if time.monotonic() > deadline:
                sys.exit(f"gunicorn did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        stopped(process)


def stopped(process: subprocess.Popen) -> None:
    """The process ended: asked first, killed when it does not go within half a minute."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
