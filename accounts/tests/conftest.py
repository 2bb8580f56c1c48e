import pytest

from camp.testing import identity


@pytest.fixture
def emulator():
    """The Firebase Auth emulator, emptied so every test starts with no accounts."""
    identity.clear_accounts()
    yield identity
    identity.clear_accounts()
