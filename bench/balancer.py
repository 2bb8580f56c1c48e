"""nginx in front of more than one app server, as a school on more than one machine runs
(`bench/rush.py --servers 2`): Debian's nginx, started in the foreground by the bench with a
configuration it writes into its work folder, round robin over the servers' ports.

The servers are told there is one proxy in front of them (TRUSTED_PROXY_COUNT=1, `SERVER_ENV`):
the caller's address is then the last one of X-Forwarded-For, which nginx appends, so the
throttles and the line's limit on places taken without signing in count each family, not nginx.
"""

import resource
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import requests
from server import STARTUP_TIMEOUT, free_port, stopped

# What each app server behind nginx is told (camp/settings/base.py: NUM_PROXIES).
SERVER_ENV = {"TRUSTED_PROXY_COUNT": "1"}
# Idle connections nginx keeps open to the servers, per nginx worker: a request then rarely
# pays for a new connection to gunicorn, as a family's does to nginx.
KEEPALIVE = 64
# How long nginx keeps one idle: shorter than gunicorn's own (--keep-alive, 2 s by default),
# or gunicorn may close it as nginx sends a request on it, and a POST so cut is a 502 (nginx
# sends no POST again). Seen at 5,000 families with nginx's default of 60 s.
KEEPALIVE_SECONDS = 1
# Families' connections at once, each a connection to nginx and one to a server.
WORKER_CONNECTIONS = 16384
# Longer than any request of the bench waits (bench/rush.py's TIMEOUT).
PROXY_TIMEOUT_SECONDS = 600
INSTALL = "apt-get install -y nginx"


def nginx_program() -> str | None:
    # Debian installs it in /usr/sbin, which a user's PATH may not name.
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")


def nginx_version(program: str) -> str:
    """`nginx/1.22.1`, as `nginx -v` prints it (on its standard error)."""
    printed = subprocess.run(  # noqa: S603 - the installed nginx, our own argument
        [program, "-v"], capture_output=True, text=True, check=True
    )
    return (printed.stderr or printed.stdout).strip().removeprefix("nginx version: ")


def nginx_config(*, port: int, upstreams: list[str], folder: Path) -> str:
    """nginx's configuration: listening on 127.0.0.1:`port`, passing every request to the
    servers at `upstreams` (host:port) in turn, everything it writes kept in `folder`."""
    servers = "\n".join(f"        server {upstream} max_fails=0;" for upstream in upstreams)
    return f"""\
daemon off;
worker_processes auto;
worker_rlimit_nofile {_files_open()};
pid {folder}/nginx.pid;
error_log stderr warn;

events {{
    worker_connections {WORKER_CONNECTIONS};
}}

http {{
    access_log off;
    client_body_temp_path {folder}/client-body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    # The bench's bodies are small: kept in memory, never in a file the workers (nobody, when
    # the bench runs as root) could not write in the bench's own folder.
    client_body_buffer_size 1m;

    # Round robin, nginx's default. A POST is not sent to the other server when the first
    # fails (nginx retries no non-idempotent request unless told to): a payment is never made
    # twice by the balancer. No server is taken out of the turn when a request to it fails
    # (max_fails=0; by default one failure takes it out for 10 s, sending every family to the
    # other, and two failures answer every request 502 "no live upstreams" meanwhile): both are
    # processes of this machine that the bench watches, and a failure is the run's to report.
    upstream camp {{
{servers}
        keepalive {KEEPALIVE};
        keepalive_timeout {KEEPALIVE_SECONDS}s;
    }}

    server {{
        listen 127.0.0.1:{port} backlog=4096;

        location / {{
            proxy_pass http://camp;
            # Keepalive to the servers needs HTTP/1.1 and no "Connection: close" passed on.
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            # The host the family asked for (ALLOWED_HOSTS, the pages' own addresses), the
            # family's address after any it sent (TRUSTED_PROXY_COUNT=1 reads the last), and
            # the scheme (SECURE_PROXY_SSL_HEADER).
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_connect_timeout 10s;
            proxy_read_timeout {PROXY_TIMEOUT_SECONDS}s;
            proxy_send_timeout {PROXY_TIMEOUT_SECONDS}s;
            # A large page is passed on as it comes rather than into a file (as above).
            proxy_max_temp_file_size 0;
        }}
    }}
}}
"""


def _files_open() -> int:
    """Files each nginx worker may hold open: two a family's connection, within this process's
    own hard limit, past which a worker (nobody, when the bench runs as root) may not raise it."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WORKER_CONNECTIONS * 2
    return wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)


@contextmanager
def nginx(*, program: str, upstreams: list[str], folder: Path):
    """The base URL of nginx in front of `upstreams`, once /api/health answers through it."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = folder / "nginx.conf"
    config.write_text(nginx_config(port=port, upstreams=upstreams, folder=folder))
    log = folder / "nginx.log"
    process = subprocess.Popen(  # noqa: S603 - the installed nginx, our own configuration
        [program, "-p", str(folder), "-c", str(config), "-e", "stderr"],
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not _healthy(base):
            if process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"nginx did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        stopped(process)


def _healthy(base: str) -> bool:
    try:
        return requests.get(f"{base}/api/health", timeout=5).ok
    except requests.RequestException:
        return False
