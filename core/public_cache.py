"""Public lists' answers, kept in the shared cache until a class or a role changes.

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

What a registration morning moves at every step, a class's seats held, left and enrolled, does
not empty the cache: those figures are written into each answer at its serving (`LiveFigure`),
from the holds and the seats of the classes that moved since the answer was built
(`PublicListsQuerySet.figures_update`, `rows_moved`), each read once per process after a move.
Only the lists those figures filter or order are built again (`PublicListApi.follows_figures`).
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
from functools import partial
from urllib.parse import quote

from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import resolve
from rest_framework.renderers import JSONRenderer

from core.school_time import school_today
from core.shared_redis import shared_key, shared_redis

GENERATION_KEY = "public-lists:generation"
FIGURES_KEY = "public-lists:figures"
# A backstop, not the invalidation: a change made behind the services' back (raw SQL) is seen
# within the hour.
ANSWER_TIMEOUT = 60 * 60
MEMORY_ANSWERS = 32
# The rows moved under one generation are kept as long as an answer made under it may be served
# from a process's memory; past this many, every list is built again instead (a new generation),
# so the figures read after a move stay few.
MOVED_TIMEOUT = 7 * 24 * 60 * 60
MOVED_MOST = 200
# A query value longer than this is no page number or status: such a request is not cached.
MAX_QUERY_VALUE = 16
MAX_KEY_LENGTH = 150


@dataclass(frozen=True)
class LiveFigure:
    """Numbers a list shows that change more often than the list is built: a class's seats left,
    seats free and families enrolled, which every seat taken or held moves. The list's answer is
    cached with each figure (`fields`: the name a row shows it under, and the row's field it is
    written as while cached) as the row was built, and `source`, registered by the app that owns
    the list (`figures_from`), says at each serving which rows now show something else. The rows
    are the answer's objects that show the first of `fields`; `key` tells them apart."""

    fields: dict[str, str]
    key: str
    source: str


@dataclass(frozen=True)
class _Spans:
    source: str
    # (key, name) -> (start, end) of each place the row's figure of that name is written.
    at: dict[tuple[int, str], tuple[tuple[int, int], ...]]
    # field -> {key: value} of each row as it was built, for each field a figure is cached as.
    bases: dict[str, dict[int, int]]


# Each live figure's source: {field: {key: value as built}} of an answer's rows -> {key: {name:
# figure now}} for the rows that show something else now.
FigureSource = Callable[[dict[str, dict[int, int]]], dict[int, dict[str, int]]]
_figure_sources: dict[str, FigureSource] = {}


def figures_from(source: str, work_out: FigureSource) -> None:
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
            (start, end, str(figure).encode())
            for key, figures in moved.items()
            for name, figure in figures.items()
            for start, end in self.spans.at.get((key, name), ())
        )
        parts, last = [], 0
        for start, end, figure in places:
            parts += [self.body[last:start], figure]
            last = end
        parts.append(self.body[last:])
        return b"".join(parts)


# A stand-in no figure reaches, less the figure's place in the answer; each is found again in
# the rendered body, as a JSON value, and replaced by its row's value as built.
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
    rows = list(_rows_with(data, next(iter(live.fields))))
    # Each row's fields as built, read before any figure of the row gives way to its stand-in.
    bases = {
        field: {row[live.key]: row[field] for row in rows} for field in set(live.fields.values())
    }
    figures = [(row, name) for row in rows for name in live.fields if name in row]
    keys = [(row[live.key], name) for row, name in figures]
    for number, (row, name) in enumerate(figures):
        row[name] = _STAND_IN - number
    rendered = JSONRenderer().render(data)
    parts, at, last, length = [], {}, 0, 0
    for found in _STAND_INS.finditer(rendered):
        key, name = keys[_STAND_IN - int(found.group())]
        value = str(bases[live.fields[name]][key]).encode()
        parts += [rendered[last : found.start()], value]
        length += found.start() - last
        at.setdefault((key, name), []).append((length, length + len(value)))
        length += len(value)
        last = found.end()
    parts.append(rendered[last:])
    if sum(len(places) for places in at.values()) != len(figures):
        raise ValueError("A row's figure was not found in the answer as rendered.")
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
        return shared_key(self.key)

    def shared(self) -> str:
        """The token as every process reads it now."""
        client = shared_redis()
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
        client = shared_redis()
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
# Replaced at each change of a figure the lists write in at every serving (`LiveFigure`).
_figures = SharedToken(FIGURES_KEY)


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
        watcher(False)
    _generation.replace_after_commit()


def figures_generation() -> str:
    """The live figures' generation as this process knows it: replaced at each move of a figure
    (`public_figures_moved`), rechecked as the lists' own generation is."""
    return _figures.current()


def public_figures_moved(model: type[models.Model], pk: int) -> None:
    """A live figure of the row changed (`LiveFigure`, the model's `live_fields`), once the
    current transaction commits: the row is recorded among those moved under the lists'
    generation, and every process reads the moved rows' figures again at its next serving
    (`rows_moved`); the lists that a figure orders or filters are built again
    (`PublicListApi.follows_figures`); the others stay cached. Called by
    `PublicListsQuerySet.figures_update` only."""
    for watcher in _change_watchers:
        watcher(True)
    transaction.on_commit(partial(_moved_record, model._meta.label_lower, pk), robust=True)


def _moved_key(label: str, generation: str) -> str:
    return f"public-lists:{generation}:moved:{label}"


# Without Redis the cache is this process's own memory, and so are the rows moved: each model's,
# under the one generation they moved in.
_moved_here: dict[str, tuple[str, set[int]]] = {}
_moved_here_lock = threading.Lock()


def _moved_record(label: str, pk: int) -> None:
    # The generation as every process reads it now, not as this one last read it: an answer
    # built under a newer one may not hold the move yet.
    generation = _generation.shared()
    client = shared_redis()
    if client is not None:
        key = shared_key(_moved_key(label, generation))
        pipeline = client.pipeline(transaction=False)
        *_, moved = pipeline.sadd(key, pk).expire(key, MOVED_TIMEOUT).scard(key).execute()
    else:
        with _moved_here_lock:
            known, pks = _moved_here.get(label, (generation, set()))
            pks = {*pks, pk} if known == generation else {pk}
            _moved_here[label] = (generation, pks)
            moved = len(pks)
    if moved > MOVED_MOST:
        _generation.replace()
    _figures.replace()


@dataclass(frozen=True)
class _Moved:
    generation: str | None = None
    figures: str | None = None
    pks: frozenset[int] = frozenset()


# What this process last read of each model's rows moved (one object per model, swapped whole).
_moved_known: dict[str, _Moved] = {}


def rows_moved(model: type[models.Model]) -> frozenset[int]:
    """The rows of the model whose live figures moved since the lists' generation began (the
    answers cached under it may show them as they were), read again only after a move
    (`figures_generation` tells when)."""
    label = model._meta.label_lower
    generation, figures = _generation.current(), _figures.current()
    known = _moved_known.get(label, _Moved())
    if (known.generation, known.figures) == (generation, figures):
        return known.pks
    client = shared_redis()
    if client is not None:
        pks = frozenset(
            int(pk) for pk in client.smembers(shared_key(_moved_key(label, generation)))
        )
    else:
        with _moved_here_lock:
            known_generation, here = _moved_here.get(label, (generation, set()))
            pks = frozenset(here) if known_generation == generation else frozenset()
    _moved_known[label] = _Moved(generation, figures, pks)
    return pks


# Test support may watch that every write to public data is followed by a call above
# (testing/public_writes.py); nothing in the product adds to it. A watcher is told whether the
# call was for live figures alone.
_change_watchers: list[Callable[[bool], None]] = []


@contextmanager
def public_list_changes_watched(watcher: Callable[[bool], None]):
    """Within the block, `watcher` is called at each `public_lists_changed` (with False) and
    `public_figures_moved` (with True)."""
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
    # The list's rows change with the school's date, with no write to forget it by (a class that
    # has ended leaves it): its answers are kept under the date, and tomorrow's are built anew.
    follows_the_day: bool = False

    def public_key(self, request) -> str | None:
        # One answer per object for a detail view: its name has the URL's arguments in braces.
        name = self.public_name.format(**self.kwargs)
        key = public_key(name, request.GET, self.public_params)
        if key is not None and self.follows_the_day:
            key = f"{key}@{school_today().isoformat()}"
        if key is not None and self.follows_figures(request.GET):
            # Built again at each move of a figure, which may reorder its rows or drop one.
            key = f"{key}~{figures_generation()}"
        return key

    def follows_figures(self, query_params) -> bool:
        """Whether the list's rows, or their order, depend on a live figure (`LiveFigure`)."""
        return False

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

    def figures_update(self, pk, **changes) -> int:
        """`update` of the one row `pk` (of those the queryset finds) in fields the lists write
        in at each serving (the model's `live_fields`, `LiveFigure`): the lists stay cached,
        and show the new figures from their next serving (`public_figures_moved`)."""
        if not changes or not self.model.live_fields.issuperset(changes):
            raise ValueError(f"Only {sorted(self.model.live_fields)} change live.")
        updated = super(PublicListsQuerySet, self.filter(pk=pk)).update(**changes)
        if updated:
            public_figures_moved(self.model, pk)
        return updated

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
    # The fields whose changes the lists write in at each serving (`LiveFigure`), when made with
    # `PublicListsQuerySet.figures_update`; any other write of them still forgets the lists.
    live_fields: frozenset[str] = frozenset()

    objects = PublicListsQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        # `_state.adding` is public despite its underscore: the Model instance reference documents
        # it as the flag of an instance not yet saved (a primary key set by hand is no such flag).
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
