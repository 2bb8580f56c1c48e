"""The API's contract, fuzzed: schemathesis makes requests from /api/schema for every operation,
as each role, and every answer must be no 5xx and match the schema.

The default run is short and reproducible (FUZZ_EXAMPLES, 10 per operation, derandomized);
`make fuzz` runs a longer one. Stripe calls go to localstripe and sign-in to the Firebase Auth
emulator (scripts/with-services), as in the rest of the suite.
"""

import os
import re

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from rest_framework_simplejwt.tokens import AccessToken
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from accounts.models import Role
from camp.wsgi import application
from classes.models import ClassStatus
from testing.factories import ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
ROLES = [None, Role.STUDENT, Role.INSTRUCTOR, Role.ADMIN]


# Read through the app itself, as the browser's docs page reads it; making it needs no database.
schema = schemathesis.openapi.from_wsgi("/api/schema?format=json", application)


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Serve the app as Django's test client does: a request ending must not close the database
    connection that holds the test's transaction (on PostgreSQL it would, mid-test)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def bearer_of_role(django_db_setup, django_db_blocker):
    """A bearer token for one person of each role, who owns rows the fuzzer may hit. The rows are
    made once for the module, in a transaction that each test's own (a savepoint) runs within, so
    what one test's requests change is undone before the next; making them for each of the
    module's ~900 tests took a tenth of its time on PostgreSQL."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield _bearers()
        transaction.set_rollback(True)


def _bearers() -> dict:
    student = UserFactory(role=Role.STUDENT)
    instructor = UserFactory(role=Role.INSTRUCTOR)
    SelectionFactory(student=student, camp_class=ClassFactory(status=ClassStatus.APPROVED))
    ClassFactory(instructor=instructor)
    people = {
        Role.STUDENT: student,
        Role.INSTRUCTOR: instructor,
        Role.ADMIN: UserFactory(role=Role.ADMIN),
    }
    headers = {
        role: {"Authorization": f"Bearer {AccessToken.for_user(person)}"}
        for role, person in people.items()
    }
    return {**headers, None: {}}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.parametrize("role", ROLES, ids=lambda role: role or "anonymous")
def test_no_answer_is_a_server_error_or_off_the_schema(case, role, bearer_of_role):
    case.call_and_validate(
        headers=bearer_of_role[role],
        checks=[not_a_server_error, response_schema_conformance],
    )


# Ids past the database's range (2^63 and beyond), which the generated examples seldom reach.
HUGE_IDS = [2**63, 2**64 + 1, 10**20 - 1]
OPERATIONS_WITH_A_ROW_ID = [
    operation
    for operation in (result.ok() for result in schema.get_all_operations())
    if re.search(r"\{\w+_id\}", operation.path)
]


@pytest.mark.parametrize("huge_id", HUGE_IDS)
@pytest.mark.parametrize("operation", OPERATIONS_WITH_A_ROW_ID, ids=lambda op: op.label)
@pytest.mark.parametrize("role", ROLES, ids=lambda role: role or "anonymous")
def test_an_id_past_the_database_range_is_no_server_error(operation, role, huge_id, bearer_of_role):
    case = schema.make_case(
        operation=operation,
        path_parameters=dict.fromkeys(re.findall(r"\{(\w+)\}", operation.path), huge_id),
    )

    response = case.call(headers=bearer_of_role[role])

    assert response.status_code < 500
