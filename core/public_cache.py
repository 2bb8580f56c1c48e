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
class CachedAnswer:
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)

    def response(self) -> HttpResponse:
        return HttpResponse(self.body, content_type="application/json", headers=self.headers)


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
    generation: str | None = None
    read_at: float = float("-inf")


# The generation this process last read or wrote, and when (one object, swapped whole).
_known = _Known()


@once
def _redis_generation_key() -> tuple[redis.Redis, str] | None:
    """With Redis as the cache, one client per process that reads the generation directly.

    Django's cache builds a client and pickles on every call, which costs more than the whole
    rest of a cached answer; the generation is a plain string.
    """
    if not settings.REDIS_URL or not settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        return None
    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    return redis.Redis.from_url(settings.REDIS_URL), f"{prefix}:{GENERATION_KEY}"


def _current_generation() -> str:
    global _known
    known = _known
    now = time.monotonic()
    if known.generation is not None and now - known.read_at < settings.PUBLIC_LISTS_RECHECK_SECONDS:
        return known.generation
    generation = shared_generation()
    _known = _Known(generation, now)
    return generation


def shared_generation() -> str:
    """The public lists' generation as every process reads it now."""
    # A fresh token, never a counter restarting at 1: answers from before an eviction of the
    # generation must not match again.
    direct = _redis_generation_key()
    if direct is not None:
        client, key = direct
        generation = client.get(key)
        if generation is None:
            client.set(key, uuid.uuid4().hex, nx=True)
            generation = client.get(key)
        return generation.decode()
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, uuid.uuid4().hex, timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def _new_generation() -> None:
    global _known
    generation = uuid.uuid4().hex
    direct = _redis_generation_key()
    if direct is not None:
        client, key = direct
        client.set(key, generation)
    else:
        cache.set(GENERATION_KEY, generation, timeout=None)
    _known = _Known(generation, time.monotonic())


def public_lists_changed() -> None:
    """Forget every public answer once the current transaction commits (at once outside one).

    After the commit, not before: a reader between the two would otherwise cache the old rows
    under the new generation. Called by `ShownInPublicLists` and its querysets only.
    """
    for watcher in _change_watchers:
        watcher()
    transaction.on_commit(_new_generation, robust=True)


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
    key = f"public-lists:{_current_generation()}:{key}"
    answer = _recent.get(key)
    if answer is None:
        answer = cache.get(key)
        if answer is not None:
            _recent.put(key, answer)
    return key, answer


def public_answer(
    key: str | None, build: Callable[[], tuple[object, dict[str, str]]]
) -> HttpResponse:
    """The cached answer under `key`, else `build()`'s (data, headers), cached unless key is None.

    `build` runs only when no process has the answer.
    """
    if key is None:
        data, headers = build()
        return CachedAnswer(body=JSONRenderer().render(data), headers=headers).response()
    key, answer = _stored(key)
    if answer is None:
        data, headers = build()
        answer = CachedAnswer(body=JSONRenderer().render(data), headers=headers)
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
