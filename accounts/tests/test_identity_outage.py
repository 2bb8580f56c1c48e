"""Firebase out of reach is an outage (503, try again), never a wrong sign-in (401).

The test starts a Firebase Auth emulator of its own, signs a person in through it, then stops
that emulator, as an outage of the identity provider would.
"""

import contextlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import firebase_admin
import pytest
import requests

from accounts import firebase
from testing import clock, identity
from testing.servers import free_port

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
FIREBASE = ROOT / "frontend" / "node_modules" / ".bin" / "firebase"


def _forget_firebase_app() -> None:
    # firebase-admin reads the emulator's address when the app is made; a new one reads it anew.
    with contextlib.suppress(ValueError):
        firebase_admin.delete_app(firebase_admin.get_app(firebase.APP_NAME))


@pytest.fixture
def own_emulator(tmp_path, monkeypatch):
    """A Firebase Auth emulator only this test uses; `stop()` takes it down."""
    port = free_port()
    config = tmp_path / "firebase.json"
    config.write_text(
        json.dumps(
            {
                "emulators": {
                    "auth": {"host": "127.0.0.1", "port": port},
                    "ui": {"enabled": False},
                    # Ports of its own for the emulator's hub and log, so it starts beside
                    # another run's emulator.
                    "hub": {"host": "127.0.0.1", "port": free_port()},
                    "logging": {"host": "127.0.0.1", "port": free_port()},
                    "singleProjectMode": True,
                }
            }
        )
    )
    log = (tmp_path / "emulator.log").open("w")
    process = subprocess.Popen(  # noqa: S603 - our own emulator and arguments
        clock.on_the_tests_clock(
            [str(FIREBASE), "emulators:start", "--only", "auth", "--project", "demo-camp"]
            + ["--config", str(config)]
        ),
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "NO_UPDATE_NOTIFIER": "1"},
        start_new_session=True,
    )

    def group_alive() -> bool:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def stop() -> None:
        # The whole group, not only the process started: under faketime the emulator is a child
        # that shuts down on its own time, answering on kept-alive connections meanwhile.
        if group_alive():
            os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        while group_alive() and time.monotonic() < deadline:
            process.poll()
            time.sleep(0.1)
        if group_alive():
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    host = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(f"http://{host}/", timeout=2)
            break
        except requests.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                stop()
                started = (tmp_path / "emulator.log").read_text()
                pytest.fail(f"The emulator did not start:\n{started}")
            time.sleep(0.3)
    monkeypatch.setenv("FIREBASE_AUTH_EMULATOR_HOST", host)
    _forget_firebase_app()
    yield stop
    stop()
    monkeypatch.undo()
    _forget_firebase_app()


def test_an_unreachable_identity_provider_answers_503_and_keeps_the_session(
    api_client, own_emulator
):
    account = identity.sign_up("maya@camp.test")
    signed_in = api_client.post(
        "/api/jwt", {"email": "maya@camp.test", "idToken": account["idToken"]}, format="json"
    )
    assert signed_in.status_code == 200

    own_emulator()
    renewal = api_client.post(
        "/api/jwt", {"email": "maya@camp.test", "idToken": account["idToken"]}, format="json"
    )
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {signed_in.json()['token']}")
    still_signed_in = api_client.get("/api/users/admin/maya@camp.test")

    assert renewal.status_code == 503
    assert renewal.json() == {"message": "Sign-in is unavailable, try again shortly."}
    assert int(renewal["Retry-After"]) > 0
    assert still_signed_in.status_code == 200


def test_the_back_office_sign_in_says_outage_too(client, own_emulator):
    account = identity.sign_up("lead@camp.test")
    own_emulator()

    response = client.post(
        "/admin/firebase-login", {"idToken": account["idToken"]}, content_type="application/json"
    )

    assert response.status_code == 503
    assert response.json() == {"message": "Sign-in is unavailable, try again shortly."}
