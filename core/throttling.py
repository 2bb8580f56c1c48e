"""Abuse limits: how many writes one caller may make to an endpoint in a period.

A view names the limits its writes count against, each a scope of
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]:

- `throttle_scope`: the endpoint's own, per caller (by user when signed in, else by address);
- `family_throttle_scope`: one count per account for all of a family's writes (its people,
  waitlists, holds and cancellations);
- `address_throttle_scope`: a count by network address alone, signed in or not: accounts made
  for free from one place share it, so making more of them does not multiply the view's limit.

Each limit is DRF's sliding window (`SimpleRateThrottle`): the times of the calls within the
period; a call past the limit is refused and not counted, and the others it is under count it
all the same. Reads (a student's own list beside the selection form) are never counted. Rates are
read at each request, so settings changed in tests take effect.

The counts live in the shared cache. With Redis, every limit of a request is checked and counted
in one round trip, by one script that Redis runs whole (one sorted set of call times per limit):
through Django's cache a limit cost a read and a write, each with a client of its own. With any
other cache (one process's memory), DRF's own lists of times, read and written together.
"""

import secrets
import time
from dataclasses import dataclass
from functools import cache

import redis
from django.core.cache import cache as default_cache
from django.core.exceptions import ImproperlyConfigured
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from core.shared_redis import shared_key, shared_redis

READS = frozenset({"GET", "HEAD", "OPTIONS"})
CACHE_FORMAT = "throttle_%(scope)s_%(ident)s"

# Each limit: drop the calls older than its period, then count this one if there is room. Keys:
# one per limit. ARGV: now, then each limit's period in seconds, most calls, and a name for this
# call. Answers, per limit: 1 when counted (else 0), the calls within the period before this one,
# and the oldest of them.
_TAKE = """
local now = tonumber(ARGV[1])
local answer = {}
for i, key in ipairs(KEYS) do
    local seconds = tonumber(ARGV[3 * i - 1])
    local most = tonumber(ARGV[3 * i])
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - seconds)
    local calls = redis.call('ZCARD', key)
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2] or ''
    local counted = 0
    if calls < most then
        redis.call('ZADD', key, now, ARGV[3 * i + 1])
        redis.call('EXPIRE', key, seconds)
        counted = 1
    end
    answer[i] = {counted, calls, oldest}
end
return answer
"""


@dataclass(frozen=True)
class Limit:
    """One limit a call is under: its scope, whose count (`key`), and its rate."""

    scope: str
    key: str
    most: int
    seconds: int


@dataclass(frozen=True)
class Count:
    """What one limit said of a call: whether it was counted, and the calls before it within the
    period (how many, and the oldest one's time)."""

    limit: Limit
    counted: bool
    calls: int
    oldest: float | None

    def wait(self, now: float) -> float | None:
        """DRF's advice to a refused caller (`SimpleRateThrottle.wait`): seconds to wait."""
        remaining = self.limit.seconds - (now - self.oldest) if self.calls else self.limit.seconds
        available = self.limit.most - self.calls + 1
        return None if available <= 0 else remaining / available


PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate_of(scope: str) -> tuple[int, int]:
    """The scope's rate ("60/min"): most calls, and the period in seconds."""
    try:
        rate = api_settings.DEFAULT_THROTTLE_RATES[scope]
    except KeyError as missing:
        raise ImproperlyConfigured(f"No throttle rate for {scope!r}.") from missing
    most, period = rate.split("/")
    return int(most), PERIODS[period[0]]


@cache
def _take_script(client: redis.Redis):
    return client.register_script(_TAKE)


def counts_taken(limits: list[Limit], now: float) -> list[Count]:
    """Each limit asked about this call at `now`, and the call counted against those with room."""
    client = shared_redis()
    if client is None:
        return _taken_in_cache(limits, now)
    return _taken_in_redis(client, limits, now)


def _taken_in_redis(client: redis.Redis, limits: list[Limit], now: float) -> list[Count]:
    keys = [shared_key(limit.key) for limit in limits]
    arguments = [repr(now)]
    for limit in limits:
        # The name of this call in the set: its time, made unique.
        arguments += [limit.seconds, limit.most, f"{now!r}:{secrets.token_hex(6)}"]
    answers = _take_script(client)(keys=keys, args=arguments)
    return [
        Count(limit, bool(counted), calls, float(oldest) if oldest else None)
        for limit, (counted, calls, oldest) in zip(limits, answers, strict=True)
    ]


def _taken_in_cache(limits: list[Limit], now: float) -> list[Count]:
    histories = default_cache.get_many([limit.key for limit in limits])
    counts, kept = [], {}
    for limit in limits:
        history = histories.get(limit.key, [])
        while history and history[-1] <= now - limit.seconds:
            history.pop()
        counted = len(history) < limit.most
        counts.append(Count(limit, counted, len(history), history[-1] if history else None))
        if counted:
            kept.setdefault(limit.seconds, {})[limit.key] = [now, *history]
    for seconds, written in kept.items():
        default_cache.set_many(written, seconds)
    return counts


class WriteThrottles(BaseThrottle):
    """Every limit a view names for its writes, checked and counted together (the module's
    docstring); refused when any refuses, with the longest wait of those that did."""

    def allow_request(self, request, view):
        if request.method in READS:
            return True
        limits = self.limits(request, view)
        if not limits:
            return True
        self.now = time.time()
        self.refused = [count for count in counts_taken(limits, self.now) if not count.counted]
        return not self.refused

    def limits(self, request, view) -> list[Limit]:
        limits = []
        for attribute, by_caller in (
            ("throttle_scope", True),
            ("family_throttle_scope", True),
            ("address_throttle_scope", False),
        ):
            scope = getattr(view, attribute, None)
            if not scope:
                continue
            user = request.user
            signed_in = by_caller and user is not None and user.is_authenticated
            ident = user.pk if signed_in else self.get_ident(request)
            most, seconds = rate_of(scope)
            key = CACHE_FORMAT % {"scope": scope, "ident": ident}
            limits.append(Limit(scope, key, most, seconds))
        return limits

    def wait(self):
        waits = [count.wait(self.now) for count in self.refused]
        return max((wait for wait in waits if wait is not None), default=None)
