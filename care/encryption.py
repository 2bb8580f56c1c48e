"""Children's medical fields, encrypted at rest (Fernet: AES with an HMAC, from `cryptography`).

`CARE_ENCRYPTION_KEYS` lists the keys newest first: the first encrypts, any of them decrypts, so
a new key can be put in front and the rows re-encrypted at leisure (`manage.py care_rotate_key`).
"""

import json
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models


@lru_cache(maxsize=4)
def _fernet_of(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(key) for key in keys])


def care_fernet() -> MultiFernet:
    keys = tuple(settings.CARE_ENCRYPTION_KEYS)
    if not keys:
        raise ImproperlyConfigured("CARE_ENCRYPTION_KEYS names no key for care records.")
    return _fernet_of(keys)


def sealed(value) -> str:
    """`value` as JSON, encrypted under the newest key."""
    return care_fernet().encrypt(json.dumps(value, sort_keys=True).encode()).decode()


def opened(token: str):
    try:
        return json.loads(care_fernet().decrypt(token.encode()))
    except InvalidToken:
        raise ImproperlyConfigured(
            "A care record cannot be read with CARE_ENCRYPTION_KEYS: its key is not among them."
        ) from None


def resealed(token: str) -> str:
    """The same value under the newest key (`MultiFernet.rotate`)."""
    return care_fernet().rotate(token.encode()).decode()


class SealedJSONField(models.TextField):
    """A JSON value stored encrypted: the column holds a Fernet token, never the text."""

    def from_db_value(self, value, expression, connection):
        return None if value is None or value == "" else opened(value)

    def to_python(self, value):
        return value

    def get_prep_value(self, value):
        return None if value is None else sealed(value)
