"""E-mail: how the school's messages leave (notifications/), and who they are from.

SMTP from the environment by default; a provider through django-anymail by naming its backend
(`EMAIL_BACKEND=anymail.backends.postmark.EmailBackend`, say) and its `ANYMAIL_*` settings.
Locally and in tests, `scripts/with-services` starts an SMTP sink and exports EMAIL_HOST/PORT.
"""

import os

from .env import env, env_bool

EMAIL_BACKEND = env("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env("EMAIL_HOST", "127.0.0.1")
EMAIL_PORT = int(env("EMAIL_PORT", "1025"))
EMAIL_HOST_USER = env("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
# A sending attempt ends well within the time after which a row stuck in "sending" is retried
# (notifications.sending.STUCK_AFTER), so a slow server never gets a row twice.
EMAIL_TIMEOUT = int(env("EMAIL_TIMEOUT", "30"))

# The first wait before a message the SMTP server could not take is tried again; it doubles.
OUTBOX_FIRST_RETRY_SECONDS = float(env("OUTBOX_FIRST_RETRY_SECONDS", "30"))

DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Camp Art School <hello@camp.test>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Where a family's reply goes: the school's office, not the sending address.
SCHOOL_REPLY_TO = env("SCHOOL_REPLY_TO", "office@camp.test")

ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_")
}
