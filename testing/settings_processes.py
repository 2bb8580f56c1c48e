"""The settings as a new process reads them: they read the environment once, when imported, so a
test of what a variable does runs Python in a process of its own, from the project's root."""

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_run(
    *arguments: str, environment: Mapping[str, str | None], check: bool = False
) -> subprocess.CompletedProcess:
    """This interpreter run with `arguments` in the project's root, in this process's
    environment changed by `environment` (None takes a variable out); its output as text."""
    env = dict(os.environ)
    for name, value in environment.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run(  # noqa: S603 - the running interpreter, the tests' own arguments
        [sys.executable, *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=check,
    )
