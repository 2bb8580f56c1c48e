"""nginx's configuration in front of more than one app server (bench/balancer.py), as
`bench/rush.py --servers 2` writes it."""

import importlib
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def balancer():
    # bench/balancer.py is a script's neighbour: it imports bench/server.py by its own name.
    with mock.patch.object(sys, "path", [str(HERE.parent), *sys.path]):
        yield importlib.import_module("balancer")


@pytest.fixture
def written(balancer, tmp_path):
    config = balancer.nginx_config(
        port=18080, upstreams=["127.0.0.1:18001", "127.0.0.1:18002"], folder=tmp_path
    )
    (tmp_path / "nginx.conf").write_text(config)
    return config


def test_every_request_goes_to_the_servers_in_turn_on_kept_connections(written):
    upstream = written.split("upstream camp {")[1].split("}")[0]

    assert "server 127.0.0.1:18001 max_fails=0;" in upstream
    assert "server 127.0.0.1:18002 max_fails=0;" in upstream
    assert "keepalive 64;" in upstream
    # Idle for less time than gunicorn keeps a connection (2 s): never reused as it closes.
    assert "keepalive_timeout 1s;" in upstream
    # Round robin is nginx's default: no other way of choosing is named.
    assert not {"least_conn", "ip_hash", "hash ", "random"} & set(upstream.split())
    assert "listen 127.0.0.1:18080" in written
    assert "proxy_http_version 1.1;" in written
    assert 'proxy_set_header Connection "";' in written


def test_the_servers_are_told_the_host_the_family_s_address_and_the_scheme(balancer, written):
    assert "proxy_set_header Host $http_host;" in written
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in written
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in written
    # One proxy in front: the address the app reads is the last, the one nginx appended.
    assert balancer.SERVER_ENV == {"TRUSTED_PROXY_COUNT": "1"}


def test_nginx_stays_in_the_foreground_and_writes_only_in_its_folder(written, tmp_path):
    assert "daemon off;" in written
    assert f"pid {tmp_path}/nginx.pid;" in written
    for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        assert f"{temp}_temp_path {tmp_path}/" in written


def test_nginx_accepts_the_configuration(balancer, written, tmp_path):
    program = balancer.nginx_program()
    if program is None:
        pytest.skip("nginx is not installed (apt-get install nginx)")

    checked = subprocess.run(  # noqa: S603 - the installed nginx, our own configuration
        [program, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", "stderr"],
        capture_output=True,
        text=True,
    )

    assert checked.returncode == 0, checked.stderr
