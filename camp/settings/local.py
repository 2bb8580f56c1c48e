"""Developer machines: debug on, everything local."""

from pathlib import Path

from .base import *  # noqa: F403
from .base import BASE_DIR, development_secret_key, env, env_bool
from .emulators import *  # noqa: F403

DEBUG = env_bool("DEBUG", True)

SECRET_KEY = env("SECRET_KEY") or development_secret_key(
    Path(env("DEVELOPMENT_SECRET_KEY_FILE", str(BASE_DIR / ".run" / "secret-key")))
)
