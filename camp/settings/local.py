"""Developer machines: debug on, everything local."""

from pathlib import Path

from cryptography.fernet import Fernet

from .base import *  # noqa: F403
from .base import BASE_DIR, development_secret_key, env, env_bool, env_list
from .emulators import *  # noqa: F403

DEBUG = env_bool("DEBUG", True)

SECRET_KEY = env("SECRET_KEY") or development_secret_key(
    Path(env("DEVELOPMENT_SECRET_KEY_FILE", str(BASE_DIR / ".run" / "secret-key")))
)

# This checkout's own key for children's medical fields, made once like the signing key.
CARE_ENCRYPTION_KEYS = env_list("CARE_ENCRYPTION_KEYS") or [
    development_secret_key(
        Path(env("DEVELOPMENT_CARE_KEY_FILE", str(BASE_DIR / ".run" / "care-key"))),
        make=lambda: Fernet.generate_key().decode(),
    )
]
