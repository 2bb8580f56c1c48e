"""A class with its instructor and two families' children on its roster, at noon at the school,
and an instructor's phone photographing a piece there."""

import uuid

import pytest

from classes.models import ClassStatus
from testing.artwork import photo_upload
from testing.dates import noon_at_school
from testing.factories import ChildFactory, ClassFactory, PaymentFactory
from testing.seasons import a_season


@pytest.fixture(autouse=True)
def noon():
    """The clock at noon at the school today, ticking: a piece taken now is on today's school
    day whenever the suite runs."""
    with noon_at_school():
        yield


@pytest.fixture
def pottery(people):
    return ClassFactory(
        name="Pottery",
        instructor=people["instructor"],
        status=ClassStatus.APPROVED,
        season=a_season("Summer"),
    )


def _seated(family, child, camp_class):
    PaymentFactory(student=family, participant=child, camp_class=camp_class, status="enrolled")
    return child


@pytest.fixture
def families(people, pottery):
    """Two families with children in the class: Ana's Mia and Leo, Ben's Sam."""
    ana, ben = people["student"], people["other student"]
    return {
        "ana": ana,
        "ben": ben,
        "mia": _seated(ana, ChildFactory(account=ana, first_name="Mia"), pottery),
        "leo": _seated(ana, ChildFactory(account=ana, first_name="Leo"), pottery),
        "sam": _seated(ben, ChildFactory(account=ben, first_name="Sam"), pottery),
    }


@pytest.fixture
def photograph(client_as, pottery):
    """POST /api/classes/{id}/artworks as `who` (the class's instructor unless told): a phone's
    JPEG (or `content`, named `name`) of `camp_class` (the pottery class unless told), with the
    `children` tagged and a new client id unless the fields give one."""

    def send(*children, who="instructor", camp_class=None, content=None, name="pot.jpg", **fields):
        body = {
            "file": photo_upload(name, content),
            "clientId": uuid.uuid4().hex,
            "participantIds": [child.pk for child in children],
            **fields,
        }
        return client_as(who).post(
            f"/api/classes/{(camp_class or pottery).pk}/artworks", body, format="multipart"
        )

    return send
