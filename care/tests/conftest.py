"""A family whose child's care record is not filled in yet."""

import pytest

from accounts.models import Role
from core.school_time import school_today
from testing.dates import years_before
from testing.factories import ChildFactory, UserFactory


@pytest.fixture(autouse=True)
def document_folder(settings, tmp_path):
    """The children's documents of this test in a folder of its own, so a test reads back
    exactly the files it stored."""
    settings.STORAGES = {
        **settings.STORAGES,
        "care_documents": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path / "care-documents"},
        },
    }
    return tmp_path / "care-documents"


@pytest.fixture
def parent():
    return UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def mia(parent):
    # Nine on the day of the run, whatever the year: too young to leave camp alone.
    return ChildFactory(
        account=parent,
        first_name="Mia",
        date_of_birth=years_before(school_today(), 9),
        care=False,
    )


@pytest.fixture
def as_parent(api_client_for, parent):
    return api_client_for(parent)
