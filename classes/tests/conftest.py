"""Fixtures for the classes app's API tests."""

import pytest

from accounts.models import Role
from testing.factories import UserFactory


@pytest.fixture
def people():
    """One of everybody the permission rules tell apart."""
    return {
        "student": UserFactory(role=Role.STUDENT),
        "other student": UserFactory(role=Role.STUDENT),
        "instructor": UserFactory(
            role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test"
        ),
        "other instructor": UserFactory(role=Role.INSTRUCTOR),
        "admin": UserFactory(role=Role.ADMIN),
    }


@pytest.fixture
def client_as(api_client, api_client_for, people):
    """A client for one of `people` by name, or with no token at all for "anonymous"."""

    def build(who: str):
        return api_client if who == "anonymous" else api_client_for(people[who])

    return build
