"""Public lists' answers, kept in the shared cache until a class, a role or an enrolment changes.

Every answer is stored under the current generation, a random token in the shared cache (Redis
when REDIS_URL is set). A change replaces the token once its transaction commits, so every server
process stops finding the old answers at once; they expire on their own. Each process also keeps
the last few answers it served in memory, keyed by generation too: the shared cache then only
has to say which generation is current, instead of sending a large list on every request.

A visitor's GET (no Authorization header) of an answer already cached is served before the REST
framework parses anything: the answer is the same for every visitor, and the generation read is
the only work left. Everyone else, and every miss, goes through the view.

That read is itself skipped for PUBLIC_LISTS_RECHECK_SECONDS (1 s in production) after the
last one: a round trip to Redis per request costs a cached answer a third of its speed. The
process that made a change sees it at once; every other process within that time. 0 rereads
the generation on every request.

A public page's first screen (camp/first_screen.py) is a visitor's answer too: `visitor_answer`
asks the API view itself, so the page carries the very bytes the API answers, from this cache.
"""

import hashlib
import re
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache as once
from urllib.parse import quote

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import resolve
from rest_framework.renderers import JSONRenderer

GENERATION_KEY = "public-lists:generation"
# A backstop, not the invalidation: a change made behind the services' back (raw SQL) is seen
# within the hour.
ANSWER_TIMEOUT = 60 * 60
MEMORY_ANSWERS = 32
# A query value longer than this is no page number or status: such a request is not cached.
MAX_QUERY_VALUE = 16
MAX_KEY_LENGTH = 150


@dataclass(frozen=True)
class LiveFigure:
    """A number a list shows that changes more often than the list is built: a class's seats
    free, which every hold of a seat moves. The list's answer is cached with each row's `base`
    in its place (the class's seats left), and `source`, registered by the app that owns the
    list (`figures_from`), says at each serving which rows now show something else."""

    field: str
    key: str
    base: str
    source: str


@dataclass(frozen=True)
class _Spans:
    source: str
    # key -> (start, end) of each place the key's figure is written in the body.
    at: dict[int, tuple[tuple[int, int], ...]]
    bases: dict[int, int]


# Each live figure's source: {key: base} of an answer's rows -> {key: figure now} for the rows
# whose figure is not their base now.
_figure_sources: dict[str, Callable[[dict[int, int]], dict[int, int]]] = {}


def figures_from(source: str, work_out: Callable[[dict[int, int]], dict[int, int]]) -> None:
    _figure_sources[source] = work_out


@dataclass(frozen=True)
class CachedAnswer:
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)
    spans: _Spans | None = None

    def response(self) -> HttpResponse:
        return HttpResponse(self.body_now(), content_type="application/json", headers=self.headers)

    def body_now(self) -> bytes:
        """The body, with each live figure that moved since it was built written anew."""
        if self.spans is None:
            return self.body
        moved = _figure_sources[self.spans.source](self.spans.bases)
        if not moved:
            return self.body
        places = sorted(
            (start, end, str(moved[key]).encode())
            for key in moved
            for start, end in self.spans.at.get(key, ())
        )
        parts, last = [], 0
        for start, end, figure in places:
            parts += [self.body[last:start], figure]
            last = end
        parts.append(self.body[last:])
        return b"".join(parts)


# A stand-in no figure reaches, less the row's place in the answer; each is found again in the
# rendered body, as a JSON value, and replaced by its row's base.
_STAND_IN = -9_000_000_000_000_000
_STAND_INS = re.compile(rb"(?<=:)-9\d{15}(?=[,}])")


def _rows_with(data, name: str):
    """The dicts of `data` that have `name`, in the order JSON renders them."""
    if isinstance(data, dict):
        if name in data:
            yield data
            return
        for value in data.values():
            yield from _rows_with(value, name)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _rows_with(value, name)


def live_answer(data, headers: dict[str, str], live: LiveFigure) -> CachedAnswer:
    rows = list(_rows_with(data, live.field))
    for number, row in enumerate(rows):
        row[live.field] = _STAND_IN - number
    rendered = JSONRenderer().render(data)
    parts, at, last, length = [], {}, 0, 0
    for found in _STAND_INS.finditer(rendered):
        row = rows[_STAND_IN - int(found.group())]
        base = str(row[live.base]).encode()
        parts += [rendered[last : found.start()], base]
        length += found.start() - last
        at.setdefault(row[live.key], []).append((length, length + len(base)))
        length += len(base)
        last = found.end()
    parts.append(rendered[last:])
    if sum(len(places) for places in at.values()) != len(rows):
        raise ValueError(f"A row's {live.field} was not found in the answer as rendered.")
    bases = {row[live.key]: row[live.base] for row in rows}
    spans = _Spans(live.source, {key: tuple(places) for key, places in at.items()}, bases)
    return CachedAnswer(body=b"".join(parts), headers=headers, spans=spans)


class _RecentAnswers:
    """This process's last answers, least recently used out first."""

    def __init__(self, size: int):
        self._size = size
        self._answers: OrderedDict[str, CachedAnswer] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> CachedAnswer | None:
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                self._answers.move_to_end(key)
            return answer

    def put(self, key: str, answer: CachedAnswer) -> None:
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self._size:
                self._answers.popitem(last=False)


_recent = _RecentAnswers(MEMORY_ANSWERS)


@dataclass(frozen=True)
class _Known:
    token: str | None = None
    read_at: float = float("-inf")


@once
def _redis() -> redis.Redis | None:
    """With Redis as the cache, one client per process that reads tokens directly.

    Django's cache builds a client and pickles on every call, which costs more than the whole
    rest of a cached answer; a token is a plain string.
    """
    if not settings.REDIS_URL or not settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        return None
    return redis.Redis.from_url(settings.REDIS_URL)


class SharedToken:
    """A random token in the shared cache that every process reads and a change replaces: what
    was made under the old one is made again. A process trusts the token it last read or wrote
    for PUBLIC_LISTS_RECHECK_SECONDS. Always a fresh token, never a counter restarting at 1:
    what was made before an eviction of the token must not match again."""

    def __init__(self, key: str):
        self.key = key
        # The token this process last read or wrote, and when (one object, swapped whole).
        self._known = _Known()

    def _direct_key(self) -> str:
        return f"{settings.CACHES['default'].get('KEY_PREFIX', '')}:{self.key}"

    def shared(self) -> str:
        """The token as every process reads it now."""
        client = _redis()
        if client is not None:
            token = client.get(self._direct_key())
            if token is None:
                client.set(self._direct_key(), uuid.uuid4().hex, nx=True)
                token = client.get(self._direct_key())
            return token.decode()
        token = cache.get(self.key)
        if token is None:
            cache.add(self.key, uuid.uuid4().hex, timeout=None)
            token = cache.get(self.key)
        return token

    def current(self) -> str:
        known = self._known
        now = time.monotonic()
        if known.token is not None and now - known.read_at < settings.PUBLIC_LISTS_RECHECK_SECONDS:
            return known.token
        token = self.shared()
        self._known = _Known(token, now)
        return token

    def replace(self) -> None:
        token = uuid.uuid4().hex
        client = _redis()
        if client is not None:
            client.set(self._direct_key(), token)
        else:
            cache.set(self.key, token, timeout=None)
        self._known = _Known(token, time.monotonic())

    def replace_after_commit(self) -> None:
        """Replace the token once the current transaction commits (at once outside one): a
        reader between the two would otherwise make the old rows again under the new token."""
        transaction.on_commit(self.replace, robust=True)


_generation = SharedToken(GENERATION_KEY)


def shared_generation() -> str:
    """The public lists' generation as every process reads it now."""
    return _generation.shared()


def current_generation() -> str:
    """The generation as this process knows it (rechecked as the lists' answers recheck it): a
    key for anything kept in memory that the public data makes."""
    return _generation.current()


def public_lists_changed() -> None:
    """Forget every public answer once the current transaction commits (at once outside one).

    After the commit, not before: a reader between the two would otherwise cache the old rows
    under the new generation. Called by `ShownInPublicLists` and its querysets only.
    """
    for watcher in _change_watchers:
        watcher()
    _generation.replace_after_commit()


# Test support may watch that every write to public data is followed by a call above
# (testing/public_writes.py); nothing in the product adds to it.
_change_watchers: list[Callable[[], None]] = []


@contextmanager
def public_list_changes_watched(watcher: Callable[[], None]):
    """Within the block, `watcher` is called at each `public_lists_changed`."""
    _change_watchers.append(watcher)
    try:
        yield
    finally:
        _change_watchers.remove(watcher)


def public_key(name: str, query_params, allowed: frozenset[str]) -> str | None:
    """The cache key of a list and its query as sent, or None when it should not be cached.

    Keyed on the query as sent, so the fast path needs no parsing; an answer is only ever stored
    after the view has accepted that query. Unknown or long parameters are not cached, so junk
    queries cannot fill the cache.
    """
    if not allowed.issuperset(query_params.keys()):
        return None
    items = sorted(query_params.items())
    if any(len(value) > MAX_QUERY_VALUE for _, value in items):
        return None
    # Quoted, so a search's spaces and symbols make a key every cache backend accepts.
    key = f"{name}?" + "&".join(f"{key}={quote(value, safe='')}" for key, value in items)
    # A dozen filters make a long key, and memcached refuses one past 250 characters with the
    # generation and prefixes added: such a query is keyed by its digest.
    if len(key) > MAX_KEY_LENGTH:
        key = f"{name}#{hashlib.sha256(key.encode()).hexdigest()}"
    return key


def _stored(key: str) -> tuple[str, CachedAnswer | None]:
    key = f"public-lists:{_generation.current()}:{key}"
    answer = _recent.get(key)
    if answer is None:
        answer = cache.get(key)
        if answer is not None:
            _recent.put(key, answer)
    return key, answer


def public_answer(
    key: str | None,
    build: Callable[[], tuple[object, dict[str, str]]],
    *,
    live: LiveFigure | None = None,
) -> HttpResponse:
    """The cached answer under `key`, else `build()`'s (data, headers), cached unless key is None.

    `build` runs only when no process has the answer. A `live` figure of its rows is written
    anew at each serving (`LiveFigure`), so what moves it does not empty the cache.
    """
    if key is None:
        data, headers = build()
        return CachedAnswer(body=JSONRenderer().render(data), headers=headers).response()
    key, answer = _stored(key)
    if answer is None:
        data, headers = build()
        if live is None:
            answer = CachedAnswer(body=JSONRenderer().render(data), headers=headers)
        else:
            answer = live_answer(data, headers, live)
        cache.set(key, answer, timeout=ANSWER_TIMEOUT)
        _recent.put(key, answer)
    return answer.response()


class SameForEveryVisitor:
    """For an APIView whose GET answers every visitor (no token) alike, with nothing of anyone's
    own: a public page may carry that answer (`visitor_answer`)."""


class PublicListApi(SameForEveryVisitor):
    """For an APIView whose visitors' GET answers are cached under `public_key`.

    The view names the list (`public_name`) and the query parameters it reads
    (`public_params`), and answers through `public_answer`.
    """

    public_name: str
    public_params: frozenset[str] = frozenset()

    def public_key(self, request) -> str | None:
        # One answer per object for a detail view: its name has the URL's arguments in braces.
        name = self.public_name.format(**self.kwargs)
        return public_key(name, request.GET, self.public_params)

    def dispatch(self, request, *args, **kwargs):
        if request.method == "GET" and "HTTP_AUTHORIZATION" not in request.META:
            key = self.public_key(request)
            if key is not None:
                _, answer = _stored(key)
                if answer is not None:
                    return answer.response()
        return super().dispatch(request, *args, **kwargs)


def visitor_answer(path: str) -> CachedAnswer | None:
    """What the API answers a visitor's GET of `path` (an API path and its query, as the browser
    app asks it: "/classes?status=Approved"), or None when it answers anything but 200.

    The request goes to the API view itself, without a token, so the answer is the one every
    visitor gets, from the cache when it is there (and cached when it was not) for a public
    list. Only views that answer every visitor alike may be asked: nothing here can carry
    anyone's own data.
    """
    url, _, query = path.partition("?")
    match = resolve(f"{settings.API_BASE}{url}")
    view_class = getattr(match.func, "cls", None)
    if view_class is None or not issubclass(view_class, SameForEveryVisitor):
        raise ValueError(f"{url} is no public answer.")
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = f"{settings.API_BASE}{url}"
    request.GET = QueryDict(query)
    request.META = {"HTTP_ACCEPT": "application/json", "QUERY_STRING": query}
    response = match.func(request, *match.args, **match.kwargs)
    if response.status_code != 200:
        return None
    if hasattr(response, "render"):
        response.render()
    headers = {name: value for name, value in response.headers.items() if name != "Content-Type"}
    return CachedAnswer(body=response.content, headers=headers)


class PublicListsQuerySet(models.QuerySet):
    """Bulk writes of a model the public lists show: each forgets the lists when it changed a
    row they show. With `ShownInPublicLists.save` and `delete`, every ORM write path of such a
    model goes through here, so a new service, admin action or command cannot forget."""

    def update(self, **changes):
        updated = super().update(**changes)
        if updated and self.model.public_fields_among(changes):
            public_lists_changed()
        return updated

    def bulk_create(self, objs, *args, **kwargs):
        created = super().bulk_create(objs, *args, **kwargs)
        if any(row.shows_in_public_lists(created=True) for row in created):
            public_lists_changed()
        return created

    def bulk_update(self, objs, fields, *args, **kwargs):
        updated = super().bulk_update(objs, fields, *args, **kwargs)
        if updated and self.model.public_fields_among(fields):
            public_lists_changed()
        return updated

    def delete(self):
        deleted = super().delete()
        if deleted[0]:
            public_lists_changed()
        return deleted


class ShownInPublicLists(models.Model):
    """A model whose rows the public lists show. The app that owns it says which fields
    (`public_fields`, every field when None) and which rows (`shows_in_public_lists`)."""

    public_fields: frozenset[str] | None = None

    objects = PublicListsQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        created = self._state.adding
        super().save(*args, **kwargs)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and not self.public_fields_among(update_fields):
            return
        if self.shows_in_public_lists(created=created):
            public_lists_changed()

    def delete(self, *args, **kwargs):
        deleted = super().delete(*args, **kwargs)
        public_lists_changed()
        return deleted

    @classmethod
    def public_fields_among(cls, names) -> bool:
        return cls.public_fields is None or bool(cls.public_fields.intersection(names))

    def shows_in_public_lists(self, *, created: bool) -> bool:
        return True
