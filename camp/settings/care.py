"""Children's care records: what the school must know before it takes a child.

Medical fields are encrypted at rest with `CARE_ENCRYPTION_KEYS` (Fernet keys, newest first:
the first encrypts, each decrypts; `manage.py care_rotate_key` re-encrypts under the first).
Locally a key is made once in `.run/`; production refuses to start without one.
"""

from .env import env, env_bool, env_list

CARE_ENCRYPTION_KEYS = env_list("CARE_ENCRYPTION_KEYS")

# `checkout`: paying for a child asks for a complete record and the policies.
# `first_meeting`: the family is reminded before the first meeting, and the roster marks the child.
CARE_REQUIRED_AT = env("CARE_REQUIRED_AT", "checkout")
CARE_EMERGENCY_CONTACTS_REQUIRED = int(env("CARE_EMERGENCY_CONTACTS_REQUIRED", "2"))
CARE_LEAVE_ALONE_MIN_AGE = int(env("CARE_LEAVE_ALONE_MIN_AGE", "12"))
# An adult enrolling themself is asked for nothing unless the school turns this on: then one
# emergency contact and the policies.
CARE_REQUIRED_FOR_ADULTS = env_bool("CARE_REQUIRED_FOR_ADULTS", False)
# A record confirmed longer ago than this is confirmed again before the next enrolment.
CARE_CONFIRM_DAYS = int(env("CARE_CONFIRM_DAYS", "300"))
# Medical fields are erased this long after the child's last class ended.
CARE_RETENTION_DAYS = int(env("CARE_RETENTION_DAYS", "365"))
# Phones typed without a country code are read as this country's.
CARE_PHONE_REGION = env("CARE_PHONE_REGION", "US")
# Reminders to complete a record, at `first_meeting`: this many days before the first meeting.
CARE_REMINDER_DAYS = tuple(int(day) for day in env_list("CARE_REMINDER_DAYS", "7,2"))

# Documents a family uploads for a child (immunisation records, allergy action plans...): the
# largest file taken, and the days before a document's expiry its family is reminded.
CARE_DOCUMENT_MAX_BYTES = int(env("CARE_DOCUMENT_MAX_BYTES", str(10 * 1024 * 1024)))
CARE_DOCUMENT_REMINDER_DAYS = tuple(
    int(day) for day in env_list("CARE_DOCUMENT_REMINDER_DAYS", "30,7")
)
# A record with an allergy of one of these severities is complete only with an allergy action
# plan on file that has not expired; empty asks for none.
CARE_ACTION_PLAN_FOR = tuple(env_list("CARE_ACTION_PLAN_FOR", "severe,anaphylactic"))

# Incident reports are kept this many years after the day they happened (beyond the care
# record's retention: an insurer or a court may ask for one long after).
INCIDENT_RETENTION_YEARS = int(env("INCIDENT_RETENTION_YEARS", "7"))
