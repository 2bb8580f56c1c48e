"""A family whose child's care record is not filled in yet."""

import pytest

from accounts.models import Role
from testing.factories import ChildFactory, UserFactory


@pytest.fixture
def parent():
    return UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def mia(parent):
    return ChildFactory(account=parent, first_name="Mia", care=False)


@pytest.fixture
def as_parent(api_client_for, parent):
    return api_client_for(parent)
