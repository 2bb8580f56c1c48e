"""The Redis `make run` gives the opening-morning waiting room (scripts/with-services --redis).

Without a Redis the room is off and a newcomer never sees the line. So `make run` takes, in turn:
the Redis REDIS_URL names, when it answers; one answering on 127.0.0.1 at LOCAL_REDIS_PORT
(6379); a throwaway one it starts with Debian's `redis-server`, when that is installed (nothing
saved to disk, its directory under .run/, stopped with the other services); else none, and the
room stays off as before, which a line says.

Only the waiting room is pointed at it (WAITING_ROOM_REDIS_URL): the cache and Celery's broker
keep what REDIS_URL gives them, as before. A Redis found on the usual port may be another
checkout's or another program's, and Celery queues shared with another checkout would run its
tasks against the wrong database; the room's keys are only the line's.

    python -m testing.local_redis choose [--port P]   # prints "reuse <url>", "start <port>", "none"
    python -m testing.local_redis serve --port P --dir D  # becomes the throwaway redis-server
    python -m testing.local_redis wait <url>          # exits 0 once it answers, 1 if it never does
"""

import argparse
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import redis

DEFAULT_PORT = 6379
# A Redis that does not answer within this long is taken as none.
PING_SECONDS = 0.5
WAIT_SECONDS = 15.0


@dataclass(frozen=True)
class Choice:
    """The Redis to use (`reuse`), or the port to start one on (`start`), or neither."""

    reuse: str | None = None
    start: int | None = None

    def said(self) -> str:
        if self.reuse:
            return f"reuse {self.reuse}"
        if self.start is not None:
            return f"start {self.start}"
        return "none"


def answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=PING_SECONDS).ping())
    except (redis.RedisError, ValueError):
        return False


def local_url(port: int) -> str:
    return f"redis://127.0.0.1:{port}/0"


def redis_choice(*, redis_url: str | None, port: int, server: str | None) -> Choice:
    """Which Redis the room uses: REDIS_URL's, else one on 127.0.0.1:`port`, when it answers;
    else a new one on `port` when `server` (redis-server's path) is there; else none."""
    for url in (redis_url, local_url(port)):
        if url and answers(url):
            return Choice(reuse=url)
    if server:
        return Choice(start=port)
    return Choice()


def server_command(*, port: int, directory: Path) -> list[str]:
    """redis-server as a throwaway: on loopback only, saving nothing, its files in `directory`."""
    return [
        "redis-server",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(directory),
    ]


def wait_for(url: str, seconds: float = WAIT_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if answers(url):
            return True
        time.sleep(0.1)
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    choose = commands.add_parser("choose")
    choose.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve = commands.add_parser("serve")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument("--dir", type=Path, required=True)
    wait = commands.add_parser("wait")
    wait.add_argument("url")
    arguments = parser.parse_args(argv)
    if arguments.command == "choose":
        choice = redis_choice(
            redis_url=os.environ.get("REDIS_URL") or None,
            port=arguments.port,
            server=shutil.which("redis-server"),
        )
        print(choice.said())
        return 0
    if arguments.command == "serve":
        arguments.dir.mkdir(parents=True, exist_ok=True)
        command = server_command(port=arguments.port, directory=arguments.dir.resolve())
        # Replaced by the server: the process scripts/with-services started is Redis itself, and
        # stops with the others.
        os.execvp(command[0], command)  # noqa: S606 - redis-server, arguments fixed above
    return 0 if wait_for(arguments.url) else 1


if __name__ == "__main__":
    sys.exit(main())
