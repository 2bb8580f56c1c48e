"""The opening-morning waiting room (waiting_room/line.py): a line in Redis in front of the
registration writes when a season opens to every family, admitted at a rate.

Without a Redis (`make run` on a machine with none) the room is off: everyone goes straight in.
"""

from .cache import REDIS_URL
from .env import env, env_bool

WAITING_ROOM_ENABLED = env_bool("WAITING_ROOM_ENABLED", True)
# The line forms this many minutes before a season's `opens_at`.
WAITING_ROOM_OPENS_MINUTES_BEFORE = int(env("WAITING_ROOM_OPENS_MINUTES_BEFORE", "15"))
# Families let in per minute once the season opens. More while the admitted families' writes
# answer within WAITING_ROOM_LATENCY_TARGET_MS at p95 (and find threads free), up to the ceiling;
# fewer while more than one in twenty take longer (waiting_room.line.line_join).
WAITING_ROOM_ADMIT_PER_MINUTE = int(env("WAITING_ROOM_ADMIT_PER_MINUTE", "300"))
WAITING_ROOM_ADMIT_CEILING_PER_MINUTE = int(
    env("WAITING_ROOM_ADMIT_CEILING_PER_MINUTE", str(10 * WAITING_ROOM_ADMIT_PER_MINUTE))
)
WAITING_ROOM_LATENCY_TARGET_MS = int(env("WAITING_ROOM_LATENCY_TARGET_MS", "1000"))
# The threads each server process answers on (the Procfile's gunicorn --threads): a write that
# finds every one of them busy counts as slow too, as those after it queue for one.
WEB_THREADS = int(env("WEB_THREADS", "16"))
# How long a family let in may register before it would wait again, renewed by each write.
WAITING_ROOM_ADMISSION_MINUTES = int(env("WAITING_ROOM_ADMISSION_MINUTES", "20"))
# New places in the line taken without signing in from one network address in a minute (read as
# the throttles read it, TRUSTED_PROXY_COUNT): more are refused (429) until the next minute.
WAITING_ROOM_JOINS_PER_MINUTE = int(env("WAITING_ROOM_JOINS_PER_MINUTE", "10"))
WAITING_ROOM_REDIS_URL = env("WAITING_ROOM_REDIS_URL") or REDIS_URL
WAITING_ROOM_KEY_PREFIX = env("WAITING_ROOM_KEY_PREFIX", "camp:waiting-room")
# How long a server process trusts whether the room is on, as it last read it, before reading it
# again: registration writes cost at most one Redis read per this time per process.
WAITING_ROOM_RECHECK_SECONDS = float(env("WAITING_ROOM_RECHECK_SECONDS", "1"))
