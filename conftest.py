"""Fixtures shared by every app's tests; the factories live in testing.factories."""

import shutil

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from testing import identity


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
