"""Background work: Celery workers and beat (camp/celery.py), for the outbox's e-mail.

The broker is the Redis the site already requires in production (REDIS_URL). Without one, a
SQLite file through kombu's SQLAlchemy transport, so `make run` works on a machine with no
Redis server. Each task is acknowledged after it ran: a worker that dies mid-task leaves it to
another, and the outbox's own claim on a row keeps a message from being sent twice.
"""

from celery.schedules import crontab

from .cache import REDIS_URL
from .env import env
from .paths import BASE_DIR
from .school import SCHOOL_TIMEZONE, SEASON_REPORT_FRESH_SECONDS

CELERY_BROKER_URL = (
    env("CELERY_BROKER_URL")
    or REDIS_URL
    or (f"sqla+sqlite:///{BASE_DIR / '.run' / 'celery-broker.sqlite3'}")
)
# One queue per site; tests that run workers give theirs a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", "camp")
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = SCHOOL_TIMEZONE
# Where beat keeps when each entry last ran: beside the process by default, as Celery does; the
# container image names a folder its user may write, since the app's own folder is not (Dockerfile).
CELERY_BEAT_SCHEDULE_FILENAME = env("CELERY_BEAT_SCHEDULE_FILENAME", "celerybeat-schedule")

# The waiting room's and attendance's tasks keep the names they had in enrolments (their
# `shared_task(name=...)`), so these entries and any task already queued still find them.
CELERY_BEAT_SCHEDULE = {
    # Rows whose worker died while sending, and rows whose hand-off to the broker was lost.
    "outbox-sweep": {"task": "notifications.tasks.outbox_sweep", "schedule": 60.0},
    # The season opening next, told to the opening-morning line (waiting_room.line), which
    # forms before it; a line nobody polls is advanced, so it empties and the room turns off.
    "waiting-room-sync": {"task": "enrolments.tasks.waiting_room_sync", "schedule": 60.0},
    # Waitlist offers past their time go to the next in line; old holds are cleared away.
    "holds-tidy": {"task": "enrolments.tasks.holds_tidy", "schedule": 60.0},
    # Families reminded of care records still missing before a first meeting (once each), and
    # the medical part of records erased at the end of retention.
    "care-reminders": {"task": "enrolments.tasks.care_reminders", "schedule": 3600.0},
    # Each enrolment's reminder, CLASS_REMINDER_DAYS before its class's first meeting (once).
    "class-reminders": {"task": "enrolments.tasks.class_reminders", "schedule": 3600.0},
    # A class's families told what changed, once its run of edits is over (classes.changes).
    "class-change-notices": {"task": "classes.tasks.class_change_notices", "schedule": 60.0},
    # A child still checked in END_OF_DAY_CHECK minutes after a class's last meeting of the
    # day, told to the instructor and the admins; a child not checked in, to the family (when
    # ABSENCE_NOTICE_MINUTES is set). Once each (attendance.services.checks).
    "attendance-checks": {"task": "enrolments.tasks.attendance_checks", "schedule": 60.0},
    # Families whose hold took the SetupIntent made ahead for them, and who still have a class
    # selected, given the next one (payments.services.customers).
    "card-setups-ahead": {"task": "payments.tasks.card_setups_ahead", "schedule": 60.0},
    # A plan's instalments due today charged once each (plans.services); a declined one tried
    # again the next day; overdue seats released when their grace ends. The task is
    # settlement.tasks.instalments, under the name it had when payments held it.
    "instalments": {"task": "payments.tasks.instalments", "schedule": 3600.0},
    # The current seasons' reports made again before the last ones grow stale (camp.reports).
    "season-reports": {
        "task": "camp.tasks.season_reports",
        "schedule": max(60.0, SEASON_REPORT_FRESH_SECONDS * 0.8),
    },
    # Families told a child's document (an allergy action plan...) expires soon, each
    # CARE_DOCUMENT_REMINDER_DAYS before, once each (care.services.document_reminders_send).
    "care-document-reminders": {
        "task": "care.tasks.document_reminders",
        "schedule": crontab(minute=0, hour=9),
    },
    "care-retention": {
        "task": "enrolments.tasks.care_retention",
        "schedule": crontab(minute=30, hour=3),
    },
    # Families whose seat from a lottery's draw is still unpaid LOTTERY_REMINDER_HOURS before
    # its hold ends, reminded once (lottery.payment_window.payment_reminders_send).
    "lottery-payment-reminders": {
        "task": "lottery.tasks.payment_reminders",
        "schedule": 3600.0,
    },
    # Incident reports deleted once their retention (INCIDENT_RETENTION_YEARS) has ended.
    "incident-retention": {
        "task": "health.tasks.incident_retention",
        "schedule": crontab(minute=45, hour=3),
    },
    # Each family told of its children's new pieces of artwork and those ready for pick-up,
    # once a day at most (artwork.services.news), in the evening when the day's classes are over.
    "artwork-news": {
        "task": "artwork.tasks.artwork_news",
        "schedule": crontab(minute=0, hour=int(env("ARTWORK_NEWS_HOUR", "18"))),
    },
    # One message a day to each admin listing every class that waits for review.
    "review-digest": {
        "task": "classes.tasks.review_digest",
        "schedule": crontab(minute=0, hour=int(env("REVIEW_DIGEST_HOUR", "8"))),
    },
}
