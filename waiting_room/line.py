"""The opening-morning waiting room: one line in Redis for a season's opening, let in at a rate.

From WAITING_ROOM_OPENS_MINUTES_BEFORE before a season's `opens_at`, a family that comes to the
site takes a place in the line (`line_join`). At the opening, those who came before it are let
in in a random order (nobody gains by refreshing at 8:59:59), then everyone else in the order
they came, WAITING_ROOM_ADMIT_PER_MINUTE a minute at first, more while the site answers quickly
(up to WAITING_ROOM_ADMIT_CEILING_PER_MINUTE), fewer while it answers slowly. A family
let in gets an admission, a signed token its registration writes carry (`Camp-Admission`,
checked by `waiting_room.gate` from the opening on; before it nobody is let in, and
what may be written then, early access or another season, goes through). Each write renews it;
once it ran out, the family's next poll gives a new one, its place having been let in. A reload
or a second tab shows the same line token, a family signed in on two devices is one account:
either way one place.

An admission is its family's: it names the place it was let in for, the account (`a:<user id>`)
or, before sign-in, the line token (`t:<id>`), and the gate takes it only from that account, or
from the account the line token has joined (`admission_check`); renewed, it names the account.
A line token joins one account, once, when the family signed in brings it (`line_join`): an
account keeps its own place if it has one, and otherwise takes the token's. So a family that
opened many places, in tabs or scripts, has one place once signed in, and no second token brought
in improves it; an account draws once before the opening. What it can still do is choose which of
its anonymous places to bring into an account that has none, so a network address takes at most
WAITING_ROOM_JOINS_PER_MINUTE new places a minute without signing in (a poll, or a join bringing
the place it holds, takes none).

Only `opens_at`, the opening for every family, gets a line: an early-access opening lets in a
few families by design, and they need no line.

The room turns itself on: `waiting_room_sync` (Celery beat, each minute, and each save of a
season in the back office) writes the next opening into Redis, and the line forms at its time.
Once the line is empty after the opening the room turns off for good for that opening. Admins
watch it and may pause it (`waiting_room_live`, `waiting_room_pause`).

Nothing here but `waiting_room_sync` reads the database: a family's poll is one Redis call, and
a registration write checks its admission by its signature alone. When Redis fails, the room is
off and everyone goes straight in: a warning is logged, never an error shown.

Redis keys, under WAITING_ROOM_KEY_PREFIX (P; `keys()` names them):

- `P:opening` (hash): the current or next opening: `id` ("<season id>-<opens_at, epoch s>"),
  `season`, `name`, `opensAt` and `startsAt` (epoch seconds), and the line's progress:
  `admitted` (how many of the line are let in, a fraction growing with time), `at` (when it last
  grew), `factor` (the rate now over WAITING_ROOM_ADMIT_PER_MINUTE, the starting rate: below 1
  after a cut, above it after a climb), `judged` (the last 10-second load bucket
  the factor was set from), `closed` ("1" once the line was empty after the opening).
- `P:line:<opening id>` (sorted set): each place in the line: `a:<user id>` for a family signed
  in when it joined, `t:<id>` for a line token; scored by arrival: a random number in [0, 1)
  before the opening, 1 + the arrival's number after it. Rank below `admitted`: let in.
- `P:arrivals:<opening id>` (string): how many joined after the opening.
- `P:merged:<opening id>` (hash): line token member -> the account member it joined (once: a
  token joins one account, and stands for that account's place from then on).
- `P:joins:<address>:<minute>` (string): the places taken without signing in from that network
  address in that minute (epoch seconds // 60), for WAITING_ROOM_JOINS_PER_MINUTE.
- `P:closed` (set): the ids of the openings whose line emptied, which the room stays off for.
- `P:paused` (string): "1" while an admin holds the line (whichever opening is current, until
  resumed, at most two days).
- `P:load:<10-second bucket>` (hash): `requests`, `slow` and `busy`, the registration writes let
  through in those ten seconds, those slower than WAITING_ROOM_LATENCY_TARGET_MS (or finding
  their process's threads all busy), and those finding its threads all busy.
"""

import logging
import math
import secrets
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import redis
from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from redis.backoff import NoBackoff
from redis.retry import Retry
from rest_framework_simplejwt.exceptions import InvalidToken
from rest_framework_simplejwt.settings import api_settings as jwt_settings

from accounts.authentication import AccessTokenAuthentication
from classes.models import Season
from core.errors import Conflict, InvalidInput, ProviderUnavailable, TooMany

logger = logging.getLogger(__name__)

LINE_SALT = "camp.waiting-room.line"
ADMISSION_SALT = "camp.waiting-room.admission"
BAD_LINE = gettext_lazy("This is not a place in this site's line.")
JOINS_CODE = "waiting_room_joins"
TOO_MANY_JOINS = gettext_lazy(
    "Many places in the line were just taken from this network address. Please try again in a "
    "minute, or sign in."
)

# The load is counted in buckets of this many seconds; the rate is set again once per bucket.
LOAD_BUCKET_SECONDS = 10
# A bucket's writes are slow at p95 when more than this share of them passed the target (with
# at least LOAD_MIN_REQUESTS of them: fewer tell nothing of the site's pace). The rate is then cut
# by LOAD_BACKOFF, never below LOAD_FLOOR of the starting rate. A bucket quick at p95, none of its
# writes having found its process's threads all busy, lets it climb by LOAD_CLIMB of the starting
# rate or of the rate now, whichever is more, up to WAITING_ROOM_ADMIT_CEILING_PER_MINUTE (see
# `line_join` for the law and why).
LOAD_SLOW_SHARE = 0.05
LOAD_MIN_REQUESTS = 10
LOAD_BACKOFF = 0.75
LOAD_CLIMB = 0.1
LOAD_FLOOR = 0.1
# The load shown to admins: the last few buckets.
LOAD_SHOWN_BUCKETS = 3

# An opening whose line is not empty a day after it is given up.
OPENING_KEPT = timedelta(days=1)
# How long a line's keys outlive their last change.
LINE_KEPT_SECONDS = 2 * 24 * 3600
# After Redis failed, this process lets everyone in without asking it again for this long.
REDIS_RESTING_SECONDS = 5.0
# A warning that Redis fails, at most once in this many seconds per process.
REDIS_WARNING_SECONDS = 60.0
# How often a family's page asks again: sooner when its turn nears.
POLL_MIN_SECONDS = 2
POLL_MAX_SECONDS = 30
POLL_PAUSED_SECONDS = 10
# A family turned away at a write is told to come back after this (it goes to the line).
RETRY_AFTER_SECONDS = 5


@dataclass(frozen=True)
class Keys:
    """The room's Redis keys (see the module's docstring for what each holds)."""

    prefix: str

    @property
    def opening(self) -> str:
        return f"{self.prefix}:opening"

    @property
    def paused(self) -> str:
        return f"{self.prefix}:paused"

    @property
    def closed(self) -> str:
        return f"{self.prefix}:closed"

    def line(self, opening_id: str) -> str:
        return f"{self.prefix}:line:{opening_id}"

    def arrivals(self, opening_id: str) -> str:
        return f"{self.prefix}:arrivals:{opening_id}"

    def merged(self, opening_id: str) -> str:
        return f"{self.prefix}:merged:{opening_id}"

    def joins(self, address: str, minute: int) -> str:
        return f"{self.prefix}:joins:{address}:{minute}"

    def load(self, bucket: int) -> str:
        return f"{self.prefix}:load:{bucket}"


def keys() -> Keys:
    return Keys(settings.WAITING_ROOM_KEY_PREFIX)


@dataclass(frozen=True)
class Opening:
    """A season's opening for every family, as the room keeps it."""

    id: str
    season_id: int
    season_name: str
    opens_at: datetime
    # When the line forms.
    starts_at: datetime
    closed: bool

    def active(self, now: datetime) -> bool:
        """Whether the line is kept now: from its forming until it is empty after the opening."""
        return not self.closed and now >= self.starts_at

    def gating(self, now: datetime) -> bool:
        """Whether registration writes need an admission now: from the opening, while the line
        is kept. Before it, nobody is let in yet, and the writes that may be made then (a
        family's early access, another season's classes) go through."""
        return not self.closed and now >= self.opens_at


@dataclass(frozen=True)
class Standing:
    """What a family in (or out of) the line is told."""

    active: bool
    opening: Opening | None
    paused: bool
    line: str | None
    position: int | None
    admitted: bool
    admission: str | None
    admission_expires_at: datetime | None
    estimated_wait_seconds: int | None
    poll_seconds: int


@dataclass(frozen=True)
class Live:
    """The room as admins watch it."""

    active: bool
    paused: bool
    opening: Opening | None
    in_line: int
    admitted: int
    arrived_before_opening: int
    admit_per_minute: int
    current_per_minute: int
    recent_requests: int
    recent_slow_share: float

    @property
    def waiting(self) -> int:
        return self.in_line - self.admitted


@dataclass(frozen=True)
class Admission:
    """An admission the gate took: `member` is the account it holds it for (renewed for it)."""

    member: str


# The line's progress, advanced atomically: how many are let in grows with the time since it
# last grew, at the rate scaled by the load factor, never past the line's length, never before
# the opening nor while paused (and the time paused is not made up afterwards). The load factor
# is set once per completed 10-second bucket of registration writes (see `line_join`'s
# docstring). When the line is empty after the opening, the room closes for that opening.
_ADVANCE = """
local function advance(opening, paused_key, line, closed_set, load, now, A)
  local f = redis.call('HMGET', opening, 'opensAt', 'admitted', 'at', 'closed', 'factor', 'judged')
  local opens_at, admitted, at = tonumber(f[1]), tonumber(f[2]), tonumber(f[3])
  local closed, factor, judged = f[4] == '1', tonumber(f[5]), tonumber(f[6])
  local paused = redis.call('EXISTS', paused_key) == 1
  local size = redis.call('ZCARD', line)
  if not closed and now >= opens_at then
    local bucket = tonumber(A.bucket)
    if judged < bucket then
      local load_now = redis.call('HMGET', load, 'requests', 'slow', 'busy')
      local requests = tonumber(load_now[1] or '0')
      local slow, busy = tonumber(load_now[2] or '0'), tonumber(load_now[3] or '0')
      local measured = requests >= tonumber(A.min_requests)
      if measured and slow > requests * tonumber(A.slow_share) then
        factor = math.max(tonumber(A.floor), factor * tonumber(A.backoff))
      elseif measured and busy == 0 then
        factor = math.min(tonumber(A.ceiling), factor + tonumber(A.climb) * math.max(1, factor))
      elseif factor > 1 then
        -- Past the starting rate only on evidence: a quiet bucket steps back towards it, one
        -- quick at p95 but short of threads holds.
        if not measured then factor = math.max(1, factor * tonumber(A.backoff)) end
      else
        factor = math.min(1, factor + tonumber(A.climb))
      end
      judged = bucket
    end
    local from = math.max(at, opens_at)
    if not paused and now > from then
      admitted = math.min(size, admitted + (now - from) * tonumber(A.rate) * factor / 60)
    end
    if now > at then at = now end
    if not paused and admitted >= size then
      closed = true
      redis.call('SADD', closed_set, A.opening_id)
      redis.call('EXPIRE', closed_set, A.kept)
    end
    redis.call('HSET', opening, 'admitted', string.format('%.6f', admitted),
      'at', string.format('%.6f', at), 'factor', string.format('%.6f', factor),
      'judged', tostring(judged), 'closed', closed and '1' or '0')
  end
  return {admitted, size, closed, factor, paused}
end
"""

# The line advanced to now, the family joined when asked, and its rank: KEYS opening, paused,
# line, arrivals, merged, closed, load (the last completed bucket), joins (the caller's address
# this minute); ARGV opening id, now, rate, join, account member, line token member, arrival's
# random score, bucket, then the load's and the line's constants, then the places the address
# may take without signing in this minute ('' for no limit), then the highest factor (the
# ceiling over the starting rate). Nil when the opening is another
# than the caller read; the last answer is 1 when the join was refused for the address's limit.
_STANDING = (
    _ADVANCE
    + """
local opening, paused_key, line, arrivals, merged, closed_set, load, joins =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local A = {opening_id = ARGV[1], rate = ARGV[3], bucket = ARGV[8], min_requests = ARGV[9],
  slow_share = ARGV[10], backoff = ARGV[11], climb = ARGV[12], floor = ARGV[13],
  kept = ARGV[14], joins_limit = ARGV[15], ceiling = ARGV[16]}
local now = tonumber(ARGV[2])
local f = redis.call('HMGET', opening, 'id', 'opensAt', 'startsAt')
if f[1] ~= A.opening_id then return false end
local opens_at, starts_at = tonumber(f[2]), tonumber(f[3])
local account, token = ARGV[5], ARGV[6]
local member = false
if account ~= '' then
  member = account
elseif token ~= '' then
  member = redis.call('HGET', merged, token) or token
end
-- Time passes first: those already in line are let in up to now, and a line emptied by then
-- closes before anyone joins it.
local progress = advance(opening, paused_key, line, closed_set, load, now, A)
local refused = false
if ARGV[4] == '1' and member and not progress[3] and now >= starts_at then
  if account ~= '' and token ~= '' and not redis.call('HGET', merged, token) then
    -- A line token joins one account, once, and stands for that account's place from then on.
    -- The account keeps its own place if it has one (a token never improves it); otherwise it
    -- takes the token's. So a second token brought in gives nothing, and one that joined an
    -- account is never brought into another.
    local theirs = redis.call('ZSCORE', line, token)
    if theirs then
      redis.call('ZADD', line, 'NX', theirs, account)
      redis.call('ZREM', line, token)
    end
    redis.call('HSET', merged, token, account)
    redis.call('EXPIRE', merged, A.kept)
  end
  if not redis.call('ZSCORE', line, member) then
    -- A new place without signing in counts against the address's limit this minute.
    if account == '' and A.joins_limit ~= '' then
      local taken = redis.call('INCR', joins)
      if taken == 1 then redis.call('EXPIRE', joins, 2 * 60) end
      refused = taken > tonumber(A.joins_limit)
    end
    if not refused then
      local score = ARGV[7]
      if now >= opens_at then
        score = tostring(1 + redis.call('INCR', arrivals))
        redis.call('EXPIRE', arrivals, A.kept)
      end
      redis.call('ZADD', line, 'NX', score, member)
    end
  end
  redis.call('EXPIRE', line, A.kept)
  progress[2] = redis.call('ZCARD', line)
end
local rank = -1
if member then
  local found = redis.call('ZRANK', line, member)
  if found then rank = found end
end
return {string.format('%.6f', progress[1]), progress[2], progress[3] and 1 or 0,
  string.format('%.6f', progress[4]), progress[5] and 1 or 0, rank, member or '',
  refused and 1 or 0}
"""
)

# The opening the database names: kept with its progress when it is the same one, else started
# afresh; none removes it. KEYS opening; ARGV id, season, name, opensAt, startsAt.
_OPENING_SET = """
if ARGV[1] == '' then
  redis.call('DEL', KEYS[1])
  return 0
end
if redis.call('HGET', KEYS[1], 'id') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'season', ARGV[2], 'name', ARGV[3], 'startsAt', ARGV[5])
  return 1
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'season', ARGV[2], 'name', ARGV[3],
  'opensAt', ARGV[4], 'startsAt', ARGV[5], 'admitted', '0', 'at', ARGV[4], 'closed', '0',
  'factor', '1', 'judged', '0')
return 2
"""


class _Connection:
    """This process's client of the room's Redis, and what it remembers of Redis failing."""

    def __init__(self):
        self.clients: dict[str, tuple[redis.Redis, dict]] = {}
        self.resting_until: dict[str, float] = {}
        self.warned_at: dict[str, float] = {}
        self.told_unset = False
        # (url, prefix) -> (read at, monotonic; the opening or None)
        self.gate_state: dict[tuple[str, str], tuple[float, Opening | None]] = {}


_connection = _Connection()


def _client() -> tuple[redis.Redis, dict] | None:
    """The room's Redis and its scripts; None when no Redis is configured, or while it rests
    after failing."""
    url = settings.WAITING_ROOM_REDIS_URL
    if not url:
        if not _connection.told_unset:
            _connection.told_unset = True
            logger.info("No Redis is configured: the waiting room is off.")
        return None
    if time.monotonic() < _connection.resting_until.get(url, 0.0):
        return None
    if url not in _connection.clients:
        client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=0.5,
            socket_timeout=1.0,
            retry=Retry(NoBackoff(), 1),
        )
        scripts = {
            "standing": client.register_script(_STANDING),
            "opening_set": client.register_script(_OPENING_SET),
        }
        _connection.clients[url] = (client, scripts)
    return _connection.clients[url]


def _failed(error: Exception) -> None:
    """Redis failed: everyone goes in without the line for a few seconds, and it is said at
    most once a minute."""
    url = settings.WAITING_ROOM_REDIS_URL
    now = time.monotonic()
    _connection.resting_until[url] = now + REDIS_RESTING_SECONDS
    _opening_forget()
    if now - _connection.warned_at.get(url, -math.inf) >= REDIS_WARNING_SECONDS:
        _connection.warned_at[url] = now
        logger.warning(
            "The waiting room's Redis is not answering (%s: %s): families are let in without "
            "the line.",
            type(error).__name__,
            error,
        )


def _epoch(moment: datetime) -> str:
    return f"{moment.timestamp():.6f}"


def _moment(epoch: str | float) -> datetime:
    return datetime.fromtimestamp(float(epoch), tz=UTC)


def _opening_of(fields: dict) -> Opening | None:
    if not fields.get("id"):
        return None
    return Opening(
        id=fields["id"],
        season_id=int(fields["season"]),
        season_name=fields["name"],
        opens_at=_moment(fields["opensAt"]),
        starts_at=_moment(fields["startsAt"]),
        closed=fields.get("closed") == "1",
    )


def _bucket(now: datetime) -> int:
    return int(now.timestamp() // LOAD_BUCKET_SECONDS)


# --- The opening the room is for.


def waiting_room_sync() -> Opening | None:
    """Write into Redis the opening the room is for, read from the database: the earliest
    season's `opens_at` still taking registrations, at most a day past, whose line has not
    emptied yet. Beat runs it each minute; a season's save in the back office runs it too.

    The same opening keeps its line and progress; another (a season moved or removed) starts
    afresh. Its line is advanced, so a line nobody polls still empties and closes."""
    if not settings.WAITING_ROOM_ENABLED:
        return None
    found = _client()
    if found is None:
        return None
    client, scripts = found
    room = keys()
    now = timezone.now()
    before = timedelta(minutes=settings.WAITING_ROOM_OPENS_MINUTES_BEFORE)
    seasons = Season.objects.filter(closes_at__gt=now, opens_at__gt=now - OPENING_KEPT).order_by(
        "opens_at", "id"
    )
    try:
        closed = client.smembers(room.closed)
        openings = (
            Opening(
                id=f"{season.pk}-{int(season.opens_at.timestamp())}",
                season_id=season.pk,
                season_name=season.name,
                opens_at=season.opens_at,
                starts_at=season.opens_at - before,
                closed=False,
            )
            for season in seasons.only("id", "name", "opens_at")
        )
        opening = next((opening for opening in openings if opening.id not in closed), None)
        if opening is None:
            scripts["opening_set"](keys=[room.opening], args=[""])
        else:
            scripts["opening_set"](
                keys=[room.opening],
                args=[
                    opening.id,
                    opening.season_id,
                    opening.season_name,
                    _epoch(opening.opens_at),
                    _epoch(opening.starts_at),
                ],
            )
            progress = _standing_call(client, scripts, opening, now=now)
            opening = replace(opening, closed=bool(progress and progress[2]))
    except redis.RedisError as error:
        _failed(error)
        return None
    _opening_forget()
    return opening


def season_changed_synced(season: Season) -> None:
    """A season was saved or removed: the room learns of its opening once that is committed."""
    transaction.on_commit(waiting_room_sync)


def _opening_forget() -> None:
    _connection.gate_state.pop(
        (settings.WAITING_ROOM_REDIS_URL, settings.WAITING_ROOM_KEY_PREFIX), None
    )


def _current(client: redis.Redis) -> Opening | None:
    return _opening_of(client.hgetall(keys().opening))


def room_opening(*, fresh: bool = False) -> Opening | None:
    """The opening the room is for, as registration writes and polls check it: read from Redis
    at most once per WAITING_ROOM_RECHECK_SECONDS in this process (what changes in between, the
    line closing, the polls' script tells), or now when `fresh`; None while the room is turned
    off, Redis is unset, or failing."""
    if not settings.WAITING_ROOM_ENABLED:
        return None
    found = _client()
    if found is None:
        return None
    client, _ = found
    state = (settings.WAITING_ROOM_REDIS_URL, settings.WAITING_ROOM_KEY_PREFIX)
    now = time.monotonic()
    read_at, opening = _connection.gate_state.get(state, (-math.inf, None))
    if not fresh and now - read_at < settings.WAITING_ROOM_RECHECK_SECONDS:
        return opening
    try:
        opening = _current(client)
    except redis.RedisError as error:
        _failed(error)
        return None
    _connection.gate_state[state] = (now, opening)
    return opening


# --- A family's place in the line.


def line_token_new() -> str:
    """A line token: kept by the browser (local storage), it is the family's place."""
    return signing.Signer(salt=LINE_SALT).sign(secrets.token_urlsafe(12))


def _line_member(token: str) -> str:
    try:
        return "t:" + signing.Signer(salt=LINE_SALT).unsign(token)
    except signing.BadSignature:
        raise InvalidInput({"line": [BAD_LINE]}) from None


def _account_member(access_token: str | None) -> str | None:
    """`a:<user id>` for a valid access token: its signature and expiry are checked as every
    request's are, tokens already verified kept by the process, not the database (a token revoked
    within its few minutes could keep a place, and nothing more)."""
    if not access_token:
        return None
    try:
        token = AccessTokenAuthentication().get_validated_token(access_token.encode())
    except InvalidToken:
        return None
    user_id = token.get(jwt_settings.USER_ID_CLAIM)
    return account_member(user_id) if user_id is not None else None


def account_member(user_id) -> str:
    """The line's name for an account's place, and for the holder of its admissions."""
    return f"a:{user_id}"


def _minute(now: datetime) -> int:
    return int(now.timestamp() // 60)


def _standing_call(
    client, scripts, opening: Opening, *, now, join=False, account="", token="", address=None
):
    room = keys()
    bucket = _bucket(now) - 1
    return scripts["standing"](
        keys=[
            room.opening,
            room.paused,
            room.line(opening.id),
            room.arrivals(opening.id),
            room.merged(opening.id),
            room.closed,
            room.load(bucket),
            room.joins(address or "", _minute(now)),
        ],
        args=[
            opening.id,
            _epoch(now),
            settings.WAITING_ROOM_ADMIT_PER_MINUTE,
            "1" if join else "0",
            account,
            token,
            # Uniform in [0, 1), from the system's randomness: nobody can aim for the front.
            f"{secrets.SystemRandom().random():.12f}" if join else "0",
            bucket,
            LOAD_MIN_REQUESTS,
            LOAD_SLOW_SHARE,
            LOAD_BACKOFF,
            LOAD_CLIMB,
            LOAD_FLOOR,
            LINE_KEPT_SECONDS,
            "" if address is None else settings.WAITING_ROOM_JOINS_PER_MINUTE,
            ceiling_factor(),
        ],
    )


def _let_in(line: str | None, *, opening: Opening | None = None, now=None) -> Standing:
    """The answer when there is no line to wait in."""
    poll = POLL_MAX_SECONDS
    if opening is not None and now is not None and now < opening.starts_at:
        forms_in = math.ceil((opening.starts_at - now).total_seconds())
        poll = min(POLL_MAX_SECONDS, max(POLL_MIN_SECONDS, forms_in))
    return Standing(
        active=False,
        opening=opening,
        paused=False,
        line=line,
        position=None,
        admitted=True,
        admission=None,
        admission_expires_at=None,
        estimated_wait_seconds=None,
        poll_seconds=poll,
    )


def line_standing(*, line_token: str | None) -> Standing:
    """Where the family holding this line token stands (never joins): its place, or whether
    it is let in, with an admission then. No database read, one Redis call."""
    return _standing(line_token=line_token, access_token=None, join=False, address=None)


def line_join(
    *, line_token: str | None, access_token: str | None, address: str | None = None
) -> Standing:
    """The family takes a place in the line, or keeps the one it has, and is told where it
    stands; a line token is made when it brings none.

    A family signed in (a valid access token) holds its place as its account, so two devices
    share one. A line token it brings joins the account, once: the account keeps its own place
    if it has one, else it takes the token's, and the token stands for the account's place from
    then on. A token that joined one account is never brought into another, and a second token
    brought in does not improve the place: a family that opened many places keeps one, the first
    it brought or its own. Before the opening the account's place is drawn once, however many
    tokens it brings.

    A new place taken without signing in counts against the network address it came from
    (`address`, as the throttles read it): past WAITING_ROOM_JOINS_PER_MINUTE in a minute it is
    refused (TooMany). A poll, or a join bringing the place the token holds, takes no new place
    and is not counted; a token made earlier but never placed is.

    How many are let in follows the site's pace, judged each 10 seconds from the registration
    writes let through in the 10 before (the gate times them). Letting in more families than the
    site answers quickly only moves the line from Redis, where it is fair and cheap, into the
    database, where requests time out in no order at all; letting in fewer than it answers
    quickly makes families wait on the rate, not on the server (at 5,000 families in `make
    bench-rush`, 2026-11-28, the last was let in after 1,001 s while admitted writes answered in
    20-75 ms). So, with at least LOAD_MIN_REQUESTS writes to judge by:

    - p95 over WAITING_ROOM_LATENCY_TARGET_MS (more than one write in twenty slower, or finding
      every thread of its process busy): the rate is cut by a quarter, down to a tenth of the
      starting rate (WAITING_ROOM_ADMIT_PER_MINUTE);
    - p95 under it, and no write finding its process's threads all busy: the rate climbs by a
      tenth of the starting rate or a tenth of itself, whichever is more, up to
      WAITING_ROOM_ADMIT_CEILING_PER_MINUTE;
    - p95 under it but a write found the threads all busy: a cut rate climbs back to the
      starting rate, a rate past it holds.

    With fewer writes, nothing is known of the site's pace: a cut rate climbs back to the
    starting rate, the school's own choice, and a rate past it steps back towards it by a
    quarter. A rate past the starting rate is held on evidence alone.

    The climb past the start is multiplicative (a tenth more each quick 10 seconds, twice the
    rate in about 73 s, ten times in about 4 minutes) because the step should be in proportion
    to the rate: a fixed step small enough not to overrun the site at 300 a minute would take a
    quarter of an hour to reach 3,000. And no faster, because a family let in writes over the
    next minutes: the site feels a rise some time after it, and a steeper climb would be far past
    what it bears before its first slow bucket. Below the start, the return is a tenth of the
    starting rate each quick bucket, as before: a quick retreat and a slower return, as TCP's
    congestion control does, so the rate settles under what the site bears instead of swinging
    across it. The cut is the same quarter whatever the rate, so from the ceiling the rate is
    back at the start within 80 s of slow writes.
    """
    return _standing(
        line_token=line_token or line_token_new(),
        access_token=access_token,
        join=True,
        address=address,
    )


def _standing(
    *, line_token: str | None, access_token: str | None, join: bool, address: str | None
) -> Standing:
    token = _line_member(line_token) if line_token else ""
    if not settings.WAITING_ROOM_ENABLED:
        return _let_in(line_token)
    found = _client()
    if found is None:
        return _let_in(line_token)
    client, scripts = found
    account = (_account_member(access_token) or "") if join else ""
    now = timezone.now()
    for _ in range(2):
        opening = room_opening()
        if opening is None or not opening.active(now):
            return _let_in(line_token, opening=opening, now=now)
        try:
            progress = _standing_call(
                client,
                scripts,
                opening,
                now=now,
                join=join,
                account=account,
                token=token,
                address=address,
            )
        except redis.RedisError as error:
            _failed(error)
            return _let_in(line_token)
        if progress is not None:
            break
        # Another opening took its place since this process read it: read it again.
        _opening_forget()
    else:
        return _let_in(line_token)
    admitted_count, _, closed, factor, paused, rank, member, refused = progress
    if refused:
        raise TooMany(
            TOO_MANY_JOINS,
            resets_at=_moment((_minute(now) + 1) * 60),
            code=JOINS_CODE,
        )
    if closed:
        return _let_in(line_token, opening=replace(opening, closed=True))
    let_in = _let_in_count(admitted_count)
    admitted = 0 <= rank < let_in
    admission = expires = wait = position = None
    poll = POLL_MAX_SECONDS
    if admitted:
        admission, expires = admission_issue(member=member, opening=opening)
    elif rank >= 0:
        place = rank - let_in + 1
        per_minute = settings.WAITING_ROOM_ADMIT_PER_MINUTE * float(factor)
        until_opening = max(0.0, (opening.opens_at - now).total_seconds())
        # Before the opening a place is only drawn so far: each later arrival is drawn among
        # them, so the number would jump back. The family is told when the draw is made, and
        # asks again around its likely turn, so the crowd's polls spread over the morning.
        if not until_opening:
            position = place
        if not paused and per_minute > 0:
            turn = math.ceil(until_opening + turn_seconds(place, factor=float(factor)))
            wait = turn if position is not None else math.ceil(until_opening)
            # Half the wait: a family's polls come closer as its turn nears, a few per family
            # however long the line, and none at one moment for the whole crowd.
            poll = min(POLL_MAX_SECONDS, max(POLL_MIN_SECONDS, turn // 2))
        else:
            poll = POLL_PAUSED_SECONDS
    return Standing(
        active=True,
        opening=opening,
        paused=bool(paused),
        line=line_token,
        position=position,
        admitted=admitted,
        admission=admission,
        admission_expires_at=expires,
        estimated_wait_seconds=wait,
        poll_seconds=poll,
    )


def turn_seconds(place: int, *, factor: float) -> float:
    """Seconds until the family `place` in line is let in, the rate being `factor` of the
    starting rate now.

    At or past the starting rate, the rate as it is now: a climb may not come (the site may
    slow first), so none is promised, and one that comes shortens the wait at the family's next
    poll (at half its wait). Below it, a cut rate is counted as climbing back to the starting
    rate, and no further, by LOAD_CLIMB of it each LOAD_BUCKET_SECONDS, as the law lets it with
    no slow bucket (`line_join`): a cut in the opening's first seconds is soon made up, and a
    wait told at the cut rate alone is told far too long (at 5,000 families in `make
    bench-rush`, 2026-11-27: 1,699 s for a family let in about 1,000 s later); a rate cut again
    is seen at the family's next poll."""
    start = settings.WAITING_ROOM_ADMIT_PER_MINUTE / 60
    if factor >= 1:
        return place / (start * factor)
    climb = LOAD_CLIMB / LOAD_BUCKET_SECONDS
    climbing = (1 - factor) / climb
    # Let in while the rate climbs back: the integral of start * (factor + climb * t).
    during_climb = start * (factor * climbing + climb * climbing**2 / 2)
    if place > during_climb:
        return climbing + (place - during_climb) / start
    # start * (climb / 2 * t**2 + factor * t) = place, for t.
    a, b = start * climb / 2, start * factor
    return (-b + math.sqrt(b * b + 4 * a * place)) / (2 * a)


def ceiling_factor() -> float:
    """The highest rate over the starting rate: WAITING_ROOM_ADMIT_CEILING_PER_MINUTE, never
    below the start (a ceiling set lower only keeps the rate from climbing)."""
    start = settings.WAITING_ROOM_ADMIT_PER_MINUTE
    return max(1.0, settings.WAITING_ROOM_ADMIT_CEILING_PER_MINUTE / start) if start else 1.0


def _let_in_count(admitted: str | float) -> int:
    # Whole families: the fraction is the next one's share of the time already waited.
    return math.floor(float(admitted) + 1e-9)


# --- Admissions.


def admission_issue(*, member: str, opening: Opening) -> tuple[str, datetime]:
    """A signed admission for this place and opening, and when it ends."""
    token = signing.dumps([member, opening.id], salt=ADMISSION_SALT, compress=False)
    expires = timezone.now() + timedelta(minutes=settings.WAITING_ROOM_ADMISSION_MINUTES)
    return token, expires


def admission_check(token: str | None, *, opening: Opening, caller: str | None) -> Admission | None:
    """The admission this token carries, if it is ours, unexpired, for this opening and the
    caller's (`caller`: `account_member` of the signed-in account, None when nobody is): issued
    to the caller's account, or, before it signed in, to a line token that has joined it since.
    Another family's admission is no admission at all.

    Read from its signature alone, without the database; an admission issued to a line token
    costs one Redis read (whom the token joined). Redis failing, the room is off for this
    process (`_failed`), and the admission is taken as the rest of the room lets everyone in."""
    if not token or caller is None:
        return None
    try:
        member, opening_id = signing.loads(
            token, salt=ADMISSION_SALT, max_age=settings.WAITING_ROOM_ADMISSION_MINUTES * 60
        )
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if opening_id != opening.id:
        return None
    if member == caller:
        return Admission(member=caller)
    if not str(member).startswith("t:"):
        return None
    found = _client()
    if found is None:
        return Admission(member=caller)
    client, _ = found
    try:
        joined = client.hget(keys().merged(opening.id), str(member))
    except redis.RedisError as error:
        _failed(error)
        return Admission(member=caller)
    return Admission(member=caller) if joined == caller else None


def gated_write_record(*, milliseconds: float, threads_full: bool = False) -> None:
    """Count a registration write the gate let through, and whether it was slow (the server's
    own time past WAITING_ROOM_LATENCY_TARGET_MS, or no thread of its process free) and whether
    it found no thread free, in this 10 seconds' bucket: the rate of admission follows them
    (`line_join`)."""
    found = _client()
    if found is None:
        return
    client, _ = found
    key = keys().load(_bucket(timezone.now()))
    try:
        with client.pipeline(transaction=False) as pipe:
            pipe.hincrby(key, "requests", 1)
            if threads_full or milliseconds > settings.WAITING_ROOM_LATENCY_TARGET_MS:
                pipe.hincrby(key, "slow", 1)
            if threads_full:
                pipe.hincrby(key, "busy", 1)
            pipe.expire(key, LOAD_BUCKET_SECONDS * (LOAD_SHOWN_BUCKETS + 10))
            pipe.execute()
    except redis.RedisError as error:
        _failed(error)


# --- What admins see and do.


def waiting_room_live() -> Live:
    """The room as it stands, its line advanced to now, for admins."""
    rate = settings.WAITING_ROOM_ADMIT_PER_MINUTE
    found = _client()
    if found is None:
        if settings.WAITING_ROOM_REDIS_URL:
            raise ProviderUnavailable(gettext("The waiting room's Redis is not answering."))
        return Live(
            active=False,
            paused=False,
            opening=None,
            in_line=0,
            admitted=0,
            arrived_before_opening=0,
            admit_per_minute=rate,
            current_per_minute=rate,
            recent_requests=0,
            recent_slow_share=0.0,
        )
    client, scripts = found
    room = keys()
    now = timezone.now()
    try:
        opening = _current(client)
        admitted_count, factor = 0.0, 1.0
        if opening is not None:
            progress = _standing_call(client, scripts, opening, now=now)
            if progress is not None:
                admitted_count, factor = float(progress[0]), float(progress[3])
                opening = replace(opening, closed=bool(progress[2]))
        with client.pipeline(transaction=False) as pipe:
            pipe.exists(room.paused)
            if opening is not None:
                pipe.zcard(room.line(opening.id))
                pipe.zcount(room.line(opening.id), 0, "(1")
            bucket = _bucket(now)
            for back in range(LOAD_SHOWN_BUCKETS):
                pipe.hmget(room.load(bucket - back), "requests", "slow")
            answers = pipe.execute()
    except redis.RedisError as error:
        _failed(error)
        raise ProviderUnavailable(gettext("The waiting room's Redis is not answering.")) from error
    paused = bool(answers.pop(0))
    in_line, before = (answers.pop(0), answers.pop(0)) if opening is not None else (0, 0)
    requests = sum(int(counts[0] or 0) for counts in answers)
    slow = sum(int(counts[1] or 0) for counts in answers)
    enabled = settings.WAITING_ROOM_ENABLED
    return Live(
        active=bool(enabled and opening is not None and opening.active(now)),
        paused=paused,
        opening=opening,
        in_line=in_line,
        admitted=min(in_line, _let_in_count(admitted_count)),
        arrived_before_opening=before,
        admit_per_minute=rate,
        current_per_minute=0 if paused else round(rate * factor),
        recent_requests=requests,
        recent_slow_share=round(slow / requests, 4) if requests else 0.0,
    )


def waiting_room_pause(*, paused: bool) -> Live:
    """An admin holds the line (nobody more is let in) or lets it move again. The line is
    advanced to this moment first, so the time it was held is never made up in a burst."""
    found = _client()
    if found is None:
        if settings.WAITING_ROOM_REDIS_URL:
            raise ProviderUnavailable(gettext("The waiting room's Redis is not answering."))
        raise Conflict(gettext("The waiting room is off on this site: it has no Redis."))
    client, scripts = found
    room = keys()
    try:
        opening = _current(client)
        if opening is not None:
            _standing_call(client, scripts, opening, now=timezone.now())
        if paused:
            # Held until resumed, or until a line would have been forgotten anyway.
            client.set(room.paused, "1", ex=LINE_KEPT_SECONDS)
        else:
            client.delete(room.paused)
    except redis.RedisError as error:
        _failed(error)
        raise ProviderUnavailable(gettext("The waiting room's Redis is not answering.")) from error
    return waiting_room_live()
