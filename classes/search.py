"""Finding classes by their words: PostgreSQL's full-text search, a plain match on SQLite.

On PostgreSQL each class keeps a search document (`Class.search_vector`, GIN-indexed): its name
weighs most, then its category and instructor, then its description. The document is written
here whenever one of those changes; on SQLite there is no document and the search is a
case-insensitive match of each word.
"""

import re

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db import connection
from django.db.models import CharField, F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from accounts.models import Role, User
from classes.models import Category, Class

SEARCH_CONFIG = "english"
# Words past this many add nothing a family would type, and cost the planner.
MAX_SEARCH_WORDS = 8


def search_words(text: str) -> list[str]:
    """The words of a search, as letters and digits only: nothing typed reaches the query
    parser as syntax."""
    return re.findall(r"\w+", text.lower())[:MAX_SEARCH_WORDS]


def _full_text() -> bool:
    return connection.vendor == "postgresql"


def search_document(*, name: str, description: str, category_name: str, instructor_name: str):
    """The search document of a class about to be saved, as an expression the INSERT or UPDATE
    computes (PostgreSQL); None on SQLite, which keeps none."""
    if not _full_text():
        return None
    return (
        SearchVector(Value(name), weight="A", config=SEARCH_CONFIG)
        + SearchVector(Value(category_name), weight="B", config=SEARCH_CONFIG)
        + SearchVector(Value(instructor_name), weight="B", config=SEARCH_CONFIG)
        + SearchVector(Value(description), weight="C", config=SEARCH_CONFIG)
    )


def search_vector_refresh(*, classes: QuerySet[Class]) -> None:
    """Rewrites the search document of these classes from their current words (PostgreSQL):
    for writes that did not go through classes.services, and an instructor's new name."""
    if not _full_text():
        return
    category_name = Subquery(
        Category.objects.filter(pk=OuterRef("category_id")).values("name")[:1],
        output_field=CharField(),
    )
    instructor_name = Subquery(
        User.objects.filter(pk=OuterRef("instructor_id")).values("name")[:1],
        output_field=CharField(),
    )
    document = (
        SearchVector("name", weight="A", config=SEARCH_CONFIG)
        + SearchVector(Coalesce(category_name, Value("")), weight="B", config=SEARCH_CONFIG)
        + SearchVector(Coalesce(instructor_name, Value("")), weight="B", config=SEARCH_CONFIG)
        + SearchVector("description", weight="C", config=SEARCH_CONFIG)
    )
    classes.update(search_vector=document)


def instructor_renamed(*, user: User) -> None:
    """A person's name is in the search document of every class they teach.

    Subscribed to `core.events.PERSON_RENAMED` in classes.apps: accounts sits below classes and
    cannot call up into it, so it tells of the change instead, whichever path saved the name
    (the API, the back office).
    """
    # Students teach nothing, so their profile saves cost no query. An instructor made admin
    # keeps their classes and is covered; one made a student again (rare) keeps their old name
    # in those classes' documents until the classes are next saved.
    if _full_text() and user.role != Role.STUDENT:
        search_vector_refresh(classes=Class.objects.filter(instructor_id=user.pk))


def classes_matching(classes: QuerySet[Class], text: str, *, ranked: bool) -> QuerySet[Class]:
    """The classes whose words match every word of `text`, as a prefix ("pott" finds
    pottery); on PostgreSQL best match first when `ranked`."""
    words = search_words(text)
    if not words:
        return classes
    if _full_text():
        query = SearchQuery(
            " & ".join(f"{word}:*" for word in words), search_type="raw", config=SEARCH_CONFIG
        )
        classes = classes.filter(search_vector=query)
        if ranked:
            classes = classes.annotate(rank=SearchRank(F("search_vector"), query)).order_by(
                "-rank", "id"
            )
        return classes
    for word in words:
        classes = classes.filter(
            Q(name__icontains=word)
            | Q(description__icontains=word)
            | Q(instructor__name__icontains=word)
            | Q(category__name__icontains=word)
        )
    return classes
