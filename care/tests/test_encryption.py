"""The medical part of a record at rest: encrypted under the newest key, readable under any
listed key, and re-encrypted under a new one by `manage.py care_rotate_key`, the children's
documents' files with it."""

import io

import pytest
from cryptography.fernet import Fernet
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connection

from care.documents import document_opened, document_storage
from care.models import CareDocument, CareRecord, CareRecordVersion
from testing.care import care_completed
from testing.factories import ChildFactory

pytestmark = pytest.mark.django_db

MEDICAL = {
    "allergies": [{"name": "Peanuts", "severity": "severe", "action": "EpiPen"}],
    "medications": [],
    "conditions": "Asthma",
    "dietary": "",
    "doctor": {"name": "", "phone": ""},
}


def stored(table: str, column: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {column} FROM {table} ORDER BY id")  # noqa: S608 - our names
        return [row[0] for row in cursor.fetchall()]


def test_rotation_re_encrypts_under_the_newest_key(settings):
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    settings.CARE_ENCRYPTION_KEYS = [old]
    child = ChildFactory(care=False)
    # A severe allergy: the family's action plan is on file, its file under the old key too.
    care_completed(child, medical=MEDICAL)
    CareRecordVersion.objects.create(participant=child, change="created", snapshot=MEDICAL)
    before = stored("care_carerecord", "medical") + stored("care_carerecordversion", "snapshot")
    [plan] = CareDocument.objects.all()
    file_before = plan.storage_name

    settings.CARE_ENCRYPTION_KEYS = [new, old]
    said = io.StringIO()
    call_command("care_rotate_key", stdout=said)
    assert said.getvalue() == "Re-encrypted 3 care values under the newest key.\n"

    after = stored("care_carerecord", "medical") + stored("care_carerecordversion", "snapshot")
    assert all(a != b for a, b in zip(after, before, strict=True))
    settings.CARE_ENCRYPTION_KEYS = [new]
    assert CareRecord.objects.get().medical == MEDICAL
    assert CareRecordVersion.objects.get().snapshot == MEDICAL
    plan.refresh_from_db()
    assert plan.storage_name != file_before
    assert not document_storage().exists(file_before)
    opened = document_opened(plan.storage_name)
    assert opened.startswith(b"%PDF-") and len(opened) == plan.size


def test_a_record_under_a_key_no_longer_listed_is_refused_not_misread(settings):
    care_completed(ChildFactory(care=False), medical=MEDICAL)
    settings.CARE_ENCRYPTION_KEYS = [Fernet.generate_key().decode()]

    with pytest.raises(ImproperlyConfigured, match="its key is not among them"):
        CareRecord.objects.get()


def test_without_a_key_nothing_is_written(settings):
    settings.CARE_ENCRYPTION_KEYS = []

    with pytest.raises(ImproperlyConfigured):
        care_completed(ChildFactory(care=False), medical=MEDICAL)
