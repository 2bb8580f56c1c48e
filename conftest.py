"""Fixtures shared by every app's tests; the factories live in testing.factories."""

import shutil

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from testing import identity
from testing.factories import UserFactory
from testing.public_writes import PublicWritesWatch


@pytest.fixture(scope="session", autouse=True)
def throwaway_file_folders():
    """Test settings make fresh media and static folders per run; leave nothing behind."""
    yield
    for folder in (settings.MEDIA_ROOT, settings.STATIC_ROOT):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def api_client_for():
    """Build a client that sends `user`'s bearer token, as the browser app does."""

    def build(user) -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
        return client

    return build


@pytest.fixture
def emulator():
    """The Firebase Auth emulator, emptied so every test starts with no accounts."""
    identity.clear_accounts()
    yield identity
    identity.clear_accounts()


@pytest.fixture(autouse=True)
def _forget_throttle_counts():
    """Throttle counts live in the cache; each test starts with none."""
    cache.clear()
    yield


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Every test body is a walk of the write paths it drives: a write to data the public lists
    show, with no invalidation after it, fails the test (testing/public_writes.py)."""
    if item.get_closest_marker("public_writes_unwatched"):
        return (yield)
    with PublicWritesWatch().watching() as watch:
        result = yield
    assert watch.pending is None, (
        f"Public data was written and the public lists not told: {watch.pending}"
    )
    return result
