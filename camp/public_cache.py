"""Public lists' answers, kept in the shared cache until a class, a role or an enrolment changes.

Every answer is stored under the current generation, a random token in the shared cache (Redis
when REDIS_URL is set). A change replaces the token once its transaction commits, so every server
process stops finding the old answers at once; they expire on their own. Each process also keeps
the last few answers it served in memory, keyed by generation too: the shared cache then only
has to say which generation is current, instead of sending a large list on every request.
"""

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from rest_framework.renderers import JSONRenderer

GENERATION_KEY = "public-lists:generation"
# A backstop, not the invalidation: a change made behind the services' back (raw SQL) is seen
# within the hour.
ANSWER_TIMEOUT = 60 * 60
MEMORY_ANSWERS = 32


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


def _current_generation() -> str:
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        # A fresh token, never a counter restarting at 1: answers from before an eviction of
        # this key must not match again.
        cache.add(GENERATION_KEY, uuid.uuid4().hex, timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def _new_generation() -> None:
    cache.set(GENERATION_KEY, uuid.uuid4().hex, timeout=None)


def public_lists_changed() -> None:
    """Forget every public answer once the current transaction commits (at once outside one).

    After the commit, not before: a reader between the two would otherwise cache the old rows
    under the new generation.
    """
    transaction.on_commit(_new_generation, robust=True)


def public_answer(key: str, build: Callable[[], tuple[object, dict[str, str]]]) -> HttpResponse:
    """The cached answer under `key` (the list and its validated query), else `build()`'s.

    `build` returns the answer's data and headers; it runs only when no process has the answer.
    """
    key = f"public-lists:{_current_generation()}:{key}"
    answer = _recent.get(key)
    if answer is None:
        answer = cache.get(key)
        if answer is None:
            data, headers = build()
            answer = CachedAnswer(body=JSONRenderer().render(data), headers=headers)
            cache.set(key, answer, timeout=ANSWER_TIMEOUT)
        _recent.put(key, answer)
    return answer.response()


# What of a person the public lists show: the instructors list, and each class's instructor.
PUBLIC_USER_FIELDS = frozenset({"email", "name", "photo", "role"})


def forget_after_class_change(sender, **kwargs) -> None:
    """post_save and post_delete of a class: every public list may show it."""
    public_lists_changed()


def forget_after_user_change(sender, instance, created=False, update_fields=None, **kwargs):
    """post_save and post_delete of a user, when the change is one the public lists show."""
    if update_fields is not None and not PUBLIC_USER_FIELDS.intersection(update_fields):
        return
    if created and instance.role != "instructor":
        # A new student or admin appears in no public list.
        return
    public_lists_changed()
