"""One path for the public lists' invalidation: every ORM write of a class or of a person's
public fields forgets the lists, and the suite-wide watch catches a write that does not."""

import pytest
from django.db import connection
from django.db.models import F

from accounts.models import Role, User
from classes.models import Class, ClassStatus
from core import public_cache
from testing.factories import ClassFactory, UserFactory
from testing.public_writes import PublicWritesWatch

pytestmark = pytest.mark.django_db


def forgets(write, django_capture_on_commit_callbacks) -> bool:
    """Whether the public lists' generation moved on once `write` committed."""
    before = public_cache.shared_generation()
    with django_capture_on_commit_callbacks(execute=True):
        write()
    return public_cache.shared_generation() != before


def pottery_class() -> Class:
    return ClassFactory(status=ClassStatus.APPROVED, name="Pottery")


CLASS_WRITES = {
    "create": lambda camp_class: ClassFactory(),
    "save": lambda camp_class: camp_class.save(),
    "save some fields": lambda camp_class: camp_class.save(update_fields=["seats"]),
    "queryset update": lambda camp_class: Class.objects.filter(pk=camp_class.pk).update(seats=3),
    "bulk create": lambda camp_class: Class.objects.bulk_create(
        [ClassFactory.build(instructor=camp_class.instructor)]
    ),
    "bulk update": lambda camp_class: Class.objects.bulk_update([camp_class], ["name"]),
    "delete": lambda camp_class: camp_class.delete(),
    "queryset delete": lambda camp_class: Class.objects.filter(pk=camp_class.pk).delete(),
}


@pytest.mark.parametrize("write", CLASS_WRITES.values(), ids=CLASS_WRITES.keys())
def test_every_orm_write_of_a_class_forgets_the_public_lists(
    write, django_capture_on_commit_callbacks
):
    camp_class = pottery_class()

    assert forgets(lambda: write(camp_class), django_capture_on_commit_callbacks)


def test_a_seat_taken_keeps_the_lists_and_says_which_class_moved(
    django_capture_on_commit_callbacks,
):
    camp_class, other = pottery_class(), pottery_class()
    figures = public_cache.figures_generation()

    def take_a_seat():
        return Class.objects.filter(seats__gt=0).figures_update(
            camp_class.pk, seats=F("seats") - 1, enroll=F("enroll") + 1
        )

    assert not forgets(take_a_seat, django_capture_on_commit_callbacks)
    assert public_cache.figures_generation() != figures
    assert public_cache.rows_moved(Class) == {camp_class.pk}
    camp_class.refresh_from_db()
    assert (camp_class.seats, camp_class.enroll) == (9, 1)
    # A class the queryset does not find is not changed, nor said to have moved.
    Class.objects.filter(pk=other.pk).update(seats=0)
    figures = public_cache.figures_generation()
    with django_capture_on_commit_callbacks(execute=True):
        assert Class.objects.filter(seats__gt=0).figures_update(other.pk, seats=5) == 0
    assert public_cache.figures_generation() == figures


@pytest.mark.parametrize("changes", [{"name": "Clay"}, {"seats": 3, "name": "Clay"}, {}])
def test_only_the_live_figures_change_without_forgetting_the_lists(changes):
    camp_class = pottery_class()

    with pytest.raises(ValueError):
        Class.objects.figures_update(camp_class.pk, **changes)


def test_an_update_that_matches_no_class_forgets_nothing(django_capture_on_commit_callbacks):
    assert not forgets(
        lambda: Class.objects.filter(pk=0).update(seats=3), django_capture_on_commit_callbacks
    )


PERSON_WRITES = {
    "an instructor renamed": (
        lambda: UserFactory(role=Role.INSTRUCTOR),
        lambda person: User.objects.filter(pk=person.pk).update(name="Maya L."),
        True,
    ),
    "a student made instructor": (
        lambda: UserFactory(role=Role.STUDENT),
        lambda person: person.save(update_fields=["role"]),
        True,
    ),
    "a new instructor": (lambda: None, lambda _: UserFactory(role=Role.INSTRUCTOR), True),
    "a new student": (lambda: None, lambda _: UserFactory(role=Role.STUDENT), False),
    "a sign-in time": (
        lambda: UserFactory(role=Role.INSTRUCTOR),
        lambda person: person.save(update_fields=["last_login"]),
        False,
    ),
    "an account switched off in bulk": (
        lambda: UserFactory(role=Role.INSTRUCTOR),
        lambda person: User.objects.filter(pk=person.pk).update(is_active=False),
        False,
    ),
}


@pytest.mark.parametrize(
    ("make", "write", "shown"), PERSON_WRITES.values(), ids=PERSON_WRITES.keys()
)
def test_a_person_changes_the_public_lists_only_through_what_they_show(
    make, write, shown, django_capture_on_commit_callbacks
):
    person = make()

    assert forgets(lambda: write(person), django_capture_on_commit_callbacks) is shown


@pytest.mark.public_writes_unwatched
def test_the_watch_catches_a_public_write_behind_the_models_back():
    camp_class = pottery_class()
    with PublicWritesWatch().watching() as watch:
        with connection.cursor() as cursor:
            cursor.execute(
                'UPDATE "classes_class" SET "seats" = 3 WHERE "id" = %s', [camp_class.pk]
            )
        behind_the_back = watch.pending
        Class.objects.filter(pk=camp_class.pk).update(seats=4)

    assert behind_the_back is not None
    assert watch.pending is None


@pytest.mark.public_writes_unwatched
def test_the_watch_lets_writes_the_lists_do_not_show_pass():
    person = UserFactory(role=Role.INSTRUCTOR)
    with PublicWritesWatch().watching() as watch, connection.cursor() as cursor:
        cursor.execute(
            'UPDATE "accounts_user" SET "last_login" = CURRENT_TIMESTAMP WHERE "id" = %s',
            [person.pk],
        )

    assert watch.pending is None


@pytest.mark.public_writes_unwatched
def test_a_move_of_live_figures_answers_only_a_write_of_live_figures():
    camp_class = pottery_class()
    with PublicWritesWatch().watching() as watch:
        with connection.cursor() as cursor:
            cursor.execute(
                'UPDATE "classes_class" SET "name" = %s WHERE "id" = %s', ["Clay", camp_class.pk]
            )
        Class.objects.figures_update(camp_class.pk, seats=F("seats") - 1)
        renamed = watch.pending
        Class.objects.filter(pk=camp_class.pk).update(name="Clay")
        with connection.cursor() as cursor:
            cursor.execute(
                'UPDATE "classes_class" SET "seats" = 3 WHERE "id" = %s', [camp_class.pk]
            )
        Class.objects.figures_update(camp_class.pk, enroll=F("enroll") + 1)

    assert renamed is not None
    assert watch.pending is None
