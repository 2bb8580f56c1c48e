"""The local services start on a machine that reaches nothing outside it.

The Firebase Auth emulator asks the internet for a remote config as it starts; on this school's
machines and in CI only the package registries answer. The test starts the emulator in a network
namespace of its own with nothing but loopback, and signs a person up through it.
"""

import json
import shutil
import subprocess

import pytest

from testing import services
from testing.servers import ROOT

pytestmark = pytest.mark.clockless

FIREBASE = ROOT / "frontend" / "node_modules" / ".bin" / "firebase"
PORT = 9099

SIGN_UP_AND_SAY = f"""
ip link set lo up
NO_UPDATE_NOTIFIER=1 "$FIREBASE" emulators:start --only auth --project demo-camp \\
  --config "$CONFIG" > "$LOG" 2>&1 &
emulator=$!
trap 'kill $emulator 2>/dev/null; wait $emulator 2>/dev/null' EXIT
for _ in $(seq 240); do
  curl -sf -o /dev/null http://127.0.0.1:{PORT}/ && break
  sleep 0.5
done
curl -sf -X POST -H 'Content-Type: application/json' \\
  -d '{{"email": "offline@camp.test", "password": "Camp@2003", "returnSecureToken": true}}' \\
  'http://127.0.0.1:{PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo'
"""


@services.sqlite_only("the emulator's start needs no database.")
def test_the_auth_emulator_starts_and_signs_up_with_the_network_cut(tmp_path):
    assert shutil.which("unshare"), "util-linux's unshare is needed to cut the network"
    config = tmp_path / "firebase.json"
    config.write_text((ROOT / "firebase.json").read_text())
    log = tmp_path / "emulator.log"

    # A user namespace as well, so the test needs no root; the new network has only loopback.
    done = subprocess.run(  # noqa: S603 - our own script, fixed above
        ["unshare", "--map-root-user", "--net", "bash", "-c", SIGN_UP_AND_SAY],  # noqa: S607
        env={
            "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "HOME": str(tmp_path),
            "FIREBASE": str(FIREBASE),
            "CONFIG": str(config),
            "LOG": str(log),
        },
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert done.returncode == 0, f"{done.stderr}\n{log.read_text() if log.exists() else ''}"
    signed_up = json.loads(done.stdout)
    assert signed_up["email"] == "offline@camp.test"
    assert signed_up["idToken"]
    assert "All emulators ready" in log.read_text()
