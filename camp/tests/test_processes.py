"""Several server processes behind one database and one Redis behave as one server.

Two real gunicorn processes serve the site from the PostgreSQL test database and share one
Redis cache, as in production (docs/deploy.md). A sign-in on one is good on the other, a
throttle counts the calls made to both, and a change made through one is in the other's cached
public lists at once, a seat paid for too.
"""

import uuid

import pytest
import redis
import requests
from django.conf import settings

from accounts.models import Role
from checkout.tests.test_race import bearer, save_card
from classes.models import ClassStatus
from testing import services
from testing.factories import ClassFactory, SelectionFactory, UserFactory
from testing.servers import gunicorn_servers, process_env

pytestmark = pytest.mark.django_db(transaction=True)

SELECTIONS_PER_MINUTE = 4
TIMEOUT = 60


@pytest.fixture
def two_servers(tmp_path):
    """Two gunicorn processes, one database, one Redis; their base URLs."""
    # The database first: on the SQLite pass this test belongs to the PostgreSQL pass, and
    # needs no Redis there.
    services.needs_postgresql("two server processes cannot share SQLite's in-memory database.")
    shared_redis = services.needs_redis()
    prefix = f"camp-test-{uuid.uuid4().hex}"
    env = {
        **process_env(),
        "FIREBASE_AUTH_EMULATOR_HOST": settings.FIREBASE_AUTH_EMULATOR_HOST,
        "CAMP_TEST_CACHE": "redis",
        "REDIS_URL": shared_redis,
        # A key prefix of this run's own: counts of other runs never leak in.
        "CACHE_KEY_PREFIX": prefix,
        "THROTTLE_SELECTIONS": f"{SELECTIONS_PER_MINUTE}/min",
        "LOG_LEVEL": "WARNING",
    }
    try:
        with gunicorn_servers(env=env, logs=tmp_path) as urls:
            yield urls
    finally:
        client = redis.Redis.from_url(shared_redis)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)


def test_a_throttle_counts_the_calls_made_to_every_server(two_servers):
    student = UserFactory(role=Role.STUDENT)

    statuses = [
        requests.post(
            f"{two_servers[n % 2]}/api/selectClass",
            json={},
            headers=bearer(student),
            timeout=TIMEOUT,
        ).status_code
        for n in range(SELECTIONS_PER_MINUTE + 2)
    ]

    # Each server alone has seen three calls, under the limit; together they have seen six.
    assert statuses == [400] * SELECTIONS_PER_MINUTE + [429, 429]


def test_a_sign_in_on_one_server_is_good_on_the_other(two_servers, emulator):
    email = "two.servers@camp.test"
    id_token = emulator.sign_up(email)["idToken"]

    signed_in = requests.post(
        f"{two_servers[0]}/api/jwt",
        json={"email": email, "idToken": id_token},
        timeout=TIMEOUT,
    )
    assert signed_in.status_code == 200, signed_in.text
    token = signed_in.json()["token"]
    answer = requests.get(
        f"{two_servers[1]}/api/users/admin/{email}",
        headers={"Authorization": f"Bearer {token}"},
        timeout=TIMEOUT,
    )

    assert answer.status_code == 200, answer.text
    assert answer.json() == {"admin": False}


def test_a_class_approved_on_one_server_is_listed_at_once_by_the_other(two_servers):
    batik = ClassFactory(status=ClassStatus.PENDING, name="Batik Dyeing")
    admin = UserFactory(role=Role.ADMIN)
    listed_before = requests.get(f"{two_servers[0]}/api/classes", timeout=TIMEOUT)
    assert listed_before.json() == []

    approved = requests.patch(
        f"{two_servers[1]}/api/classes/approved/{batik.pk}", headers=bearer(admin), timeout=TIMEOUT
    )
    assert approved.status_code == 200, approved.text

    listed_after = requests.get(f"{two_servers[0]}/api/classes", timeout=TIMEOUT)
    assert [item["nameClass"] for item in listed_after.json()] == ["Batik Dyeing"]


def test_a_seat_paid_for_through_one_server_shows_at_once_in_the_other_s_cached_list(
    two_servers,
):
    pottery = ClassFactory(status=ClassStatus.PENDING, name="Wheel-Thrown Pottery", seats=3)
    # Approved through a server, which tells the shared cache.
    approved = requests.patch(
        f"{two_servers[0]}/api/classes/approved/{pottery.pk}",
        headers=bearer(UserFactory(role=Role.ADMIN)),
        timeout=TIMEOUT,
    )
    assert approved.status_code == 200, approved.text

    def figures() -> dict:
        (row,) = requests.get(f"{two_servers[1]}/api/classes", timeout=TIMEOUT).json()
        return {name: row[name] for name in ("seats", "seatsFree", "enroll")}

    assert figures() == {"seats": 3, "seatsFree": 3, "enroll": 0}
    selection = SelectionFactory(camp_class=pottery, student__role=Role.STUDENT)
    setup_intent_id = save_card(two_servers[0], selection)
    # The payment page holds the seat, which the other server shows too.
    assert figures() == {"seats": 3, "seatsFree": 2, "enroll": 0}

    paid = requests.post(
        f"{two_servers[0]}/api/payments",
        json={"payId": selection.pk, "setupIntentId": setup_intent_id},
        headers=bearer(selection.student),
        timeout=TIMEOUT,
    )

    assert paid.status_code == 201, paid.text
    assert figures() == {"seats": 2, "seatsFree": 2, "enroll": 1}
