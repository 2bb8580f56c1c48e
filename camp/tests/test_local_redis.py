"""The Redis `make run` gives the waiting room (testing/local_redis.py, scripts/with-services
--redis): one that answers, else a throwaway redis-server, else none and the room off."""

import os
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest

from testing import services
from testing.local_redis import Choice, answers, local_url, redis_choice
from testing.servers import ROOT, free_port

pytestmark = pytest.mark.clockless


@pytest.fixture
def redis_port() -> int:
    """The port of a Redis that answers on 127.0.0.1: the suite's."""
    return urlsplit(services.needs_redis()).port


def nowhere() -> str:
    return local_url(free_port())


def test_the_redis_redis_url_names_is_used_when_it_answers(redis_port):
    named = f"redis://127.0.0.1:{redis_port}/2"

    assert redis_choice(redis_url=named, port=free_port(), server=None) == Choice(reuse=named)


def test_else_one_answering_on_the_local_port(redis_port):
    choice = redis_choice(redis_url=nowhere(), port=redis_port, server="/usr/bin/redis-server")

    assert choice == Choice(reuse=local_url(redis_port))


def test_else_a_throwaway_one_when_redis_server_is_installed():
    port = free_port()

    choice = redis_choice(redis_url=None, port=port, server="/usr/bin/redis-server")

    assert choice == Choice(start=port)
    assert choice.said() == f"start {port}"


def test_else_none():
    choice = redis_choice(redis_url=nowhere(), port=free_port(), server=None)

    assert choice == Choice()
    assert choice.said() == "none"


def with_services_environment(tmp_path, **more: str) -> dict[str, str]:
    """This run's services, reused (the suite runs inside scripts/with-services), and no
    REDIS_URL."""
    environment = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    emulator = os.environ.get("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
    localstripe = os.environ.get("LOCALSTRIPE_URL", "http://localhost:8420")
    environment.update(
        FIREBASE_AUTH_EMULATOR_PORT=emulator.rsplit(":", 1)[1],
        LOCALSTRIPE_PORT=localstripe.rsplit(":", 1)[1],
        MAIL_SINK_PORT=os.environ.get("EMAIL_PORT", "1025"),
        MAIL_SINK_DIR=str(tmp_path / "mail"),
        **more,
    )
    return environment


@services.sqlite_only("the services script needs no database.")
def test_make_run_starts_a_throwaway_redis_for_the_room_and_stops_it_after(tmp_path):
    if shutil.which("redis-server") is None:
        services.missing("redis-server", "Debian's redis-server package is not installed.")
    port = free_port()
    said = tmp_path / "said"

    done = subprocess.run(  # noqa: S603 - our own script and interpreter
        [
            str(ROOT / "scripts" / "with-services"),
            "--redis",
            "bash",
            "-c",
            f'.venv/bin/python -m testing.local_redis wait "$WAITING_ROOM_REDIS_URL" '
            f'&& echo "$WAITING_ROOM_REDIS_URL" > {said}',
        ],
        cwd=ROOT,
        env=with_services_environment(tmp_path, LOCAL_REDIS_PORT=str(port)),
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Starting Redis at 127.0.0.1:{port} for the waiting room" in done.stdout
    assert said.read_text().strip() == local_url(port)
    assert not answers(local_url(port))
    # It saved nothing: its directory under .run/ holds no copy of its keys.
    directory = ROOT / ".run" / f"redis-{port}"
    assert directory.is_dir()
    assert not list(directory.glob("*.rdb"))
    shutil.rmtree(directory)
    (ROOT / ".run" / f"redis-{port}.log").unlink()
