"""An instructor withdraws their own class while it waits for review; an approved class only the
school cancels, and a withdrawn or cancelled class is not edited again."""

import pytest

from classes.models import Class, ClassStatus
from classes.series import units_follow_series
from testing.day_camp import a_day_camp
from testing.factories import ClassFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def withdraw(client, camp_class):
    return client.post(f"/api/classes/{camp_class.pk}/withdraw")


@pytest.mark.parametrize("status", [ClassStatus.PENDING, ClassStatus.DENIED])
def test_an_instructor_withdraws_their_class_waiting_for_review(client_as, people, status):
    camp_class = ClassFactory(instructor=people["instructor"], status=status)

    response = withdraw(client_as("instructor"), camp_class)

    assert response.status_code == 200
    assert response.json() == {"modifiedCount": 1}
    camp_class.refresh_from_db()
    assert camp_class.status == ClassStatus.WITHDRAWN
    # Out of the admins' review queue.
    queue = client_as("admin").get("/api/classes?status=Pending").json()
    assert camp_class.pk not in [row["_id"] for row in queue]


def test_an_approved_class_is_the_schools_to_cancel(client_as, people):
    camp_class = ClassFactory(instructor=people["instructor"], status=ClassStatus.APPROVED)

    response = withdraw(client_as("instructor"), camp_class)

    assert response.status_code == 409
    assert response.json()["message"].startswith("This class is open to families")
    assert Class.objects.get(pk=camp_class.pk).status == ClassStatus.APPROVED


def test_someone_elses_class_is_refused(client_as, people):
    camp_class = ClassFactory(instructor=people["instructor"])

    response = withdraw(client_as("other instructor"), camp_class)

    assert response.status_code == 403
    assert Class.objects.get(pk=camp_class.pk).status == ClassStatus.PENDING


def test_a_withdrawn_class_is_not_edited_or_withdrawn_again(client_as, people):
    camp_class = ClassFactory(instructor=people["instructor"], status=ClassStatus.WITHDRAWN)
    client = client_as("instructor")

    again = withdraw(client, camp_class)
    edited = client.put(
        f"/api/classes/{camp_class.pk}",
        {"nameClass": "New name", "image": camp_class.image, "price": "10", "seats": 5},
        format="json",
    )

    assert again.status_code == 409
    assert again.json()["message"] == "This class was withdrawn already."
    assert edited.status_code == 409
    assert Class.objects.get(pk=camp_class.pk).name == camp_class.name


def test_a_missing_class_is_not_found(client_as):
    assert client_as("instructor").post("/api/classes/999999/withdraw").status_code == 404


def test_a_series_is_withdrawn_with_its_weeks(client_as, people):
    series = a_day_camp(a_season(), "200.00", weeks=3, instructor=people["instructor"])
    Class.objects.filter(pk=series.pk).update(status=ClassStatus.PENDING)
    units_follow_series(series_id=series.pk, status=ClassStatus.PENDING)

    response = withdraw(client_as("instructor"), series)

    assert response.status_code == 200, response.json()
    assert set(Class.objects.filter(unit_of=series).values_list("status", flat=True)) == {
        ClassStatus.WITHDRAWN
    }
