"""Abuse limits: writes that cost us (sign-in, uploads, selections, payments, a family's own
writes) are throttled per caller, and request bodies are refused on their declared size before
anything reads them.

The suite's own rates are high (camp/settings/test.py); these tests set low ones.
"""

import pytest

from accounts.models import Role
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

RATE = 3
THROTTLED = [
    ("sign_in", None, "/api/jwt"),
    ("uploads", Role.INSTRUCTOR, "/api/images"),
    ("selections", Role.STUDENT, "/api/selectClass"),
    ("payments", Role.STUDENT, "/api/createPaymentIntent"),
    ("payments", Role.STUDENT, "/api/payments"),
    ("family_writes", Role.STUDENT, "/api/participants"),
    ("family_writes", Role.STUDENT, "/api/waitlist"),
]


@pytest.fixture
def low_rates(settings):
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "100000/min")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": rates,
    }

    def set_rate(scope: str, rate: str):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**rates, scope: rate},
        }

    return set_rate


@pytest.mark.parametrize(("scope", "role", "path"), THROTTLED, ids=[t[2] for t in THROTTLED])
def test_the_call_after_the_limit_answers_429_json(
    scope, role, path, low_rates, api_client, api_client_for
):
    low_rates(scope, f"{RATE}/min")
    client = api_client_for(UserFactory(role=role)) if role else api_client

    # Bad bodies count as much as good ones: the limit is on calls, not on successes.
    before = [client.post(path, {}, format="json").status_code for _ in range(RATE)]
    refused = client.post(path, {}, format="json")

    assert 429 not in before
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/json"
    assert refused.json()["message"].startswith("Request was throttled.")
    assert set(refused.json()) == {"message"}
    assert int(refused["Retry-After"]) > 0


def test_a_familys_writes_share_one_count_across_their_endpoints(low_rates, api_client_for):
    """Its people, waitlists, holds and cancellations: one count per account."""
    low_rates("family_writes", f"{RATE}/min")
    family = api_client_for(UserFactory(role=Role.STUDENT))
    neighbour = api_client_for(UserFactory(role=Role.STUDENT))
    writes = [
        ("/api/participants", {}),
        ("/api/waitlist", {}),
        ("/api/createPaymentIntent", {}),
    ]
    before = [family.post(path, body, format="json").status_code for path, body in writes]

    refused = [
        family.post("/api/waitlist", {}, format="json"),
        family.post("/api/participants", {}, format="json"),
        family.post("/api/enrolments/1/cancellation", {}, format="json"),
        family.post("/api/holds/1/extend", {}, format="json"),
    ]

    assert 429 not in before
    assert [answer.status_code for answer in refused] == [429, 429, 429, 429]
    assert refused[0].json()["message"].startswith("Request was throttled.")
    assert neighbour.post("/api/waitlist", {}, format="json").status_code == 400


def test_each_student_has_a_count_of_their_own(low_rates, api_client_for):
    low_rates("selections", f"{RATE}/min")
    first = api_client_for(UserFactory(role=Role.STUDENT))
    second = api_client_for(UserFactory(role=Role.STUDENT))
    for _ in range(RATE):
        first.post("/api/selectClass", {"classId": 999}, format="json")

    assert first.post("/api/selectClass", {}, format="json").status_code == 429
    assert second.post("/api/selectClass", {}, format="json").status_code == 400


def test_reads_are_not_counted(low_rates, api_client_for):
    low_rates("selections", f"{RATE}/min")
    student = UserFactory(role=Role.STUDENT)
    client = api_client_for(student)
    for _ in range(RATE * 3):
        assert client.get("/api/selectClass", {"email": student.email}).status_code == 200

    assert client.post("/api/selectClass", {}, format="json").status_code == 400


def test_a_json_body_declared_too_large_is_refused_before_it_is_read(settings, api_client_for):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = api_client_for(UserFactory(role=Role.INSTRUCTOR))

    # Declared far beyond what is sent: reading it whole would fail the test client itself.
    response = client.generic(
        "POST",
        "/api/classes",
        b'{"nameClass": "Clay"}',
        content_type="application/json",
        CONTENT_LENGTH=str(10**9),
    )

    assert response.status_code == 413
    assert response.json() == {"message": "The request body is larger than 1000 bytes."}


def test_a_json_body_within_the_limit_is_read(settings, api_client_for):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = api_client_for(UserFactory(role=Role.INSTRUCTOR))

    response = client.post("/api/classes", {"nameClass": "Clay"}, format="json")

    assert response.status_code == 400
    assert "seats" in response.json()["errors"]


def test_an_upload_declared_too_large_is_refused_before_it_is_read(api_client_for):
    client = api_client_for(UserFactory(role=Role.INSTRUCTOR))

    response = client.generic(
        "POST",
        "/api/images",
        b"--edge\r\n",
        content_type="multipart/form-data; boundary=edge",
        CONTENT_LENGTH=str(10**9),
    )

    assert response.status_code == 400
    assert response.json()["message"] == "The image is larger than 5 MB."
