"""Where uploaded images go: this server's MEDIA_ROOT, or an S3-compatible bucket when named."""

import json

import pytest

from testing.settings_processes import python_run

pytestmark = pytest.mark.clockless

STORAGE_VARIABLES = {
    "IMAGE_STORAGE_BUCKET",
    "AWS_STORAGE_BUCKET_NAME",
    "AWS_S3_ENDPOINT_URL",
    "AWS_S3_REGION_NAME",
    "AWS_S3_CUSTOM_DOMAIN",
}
# Asks the configured default storage where a stored banner would be found.
PROBE = """
import json, django
django.setup()
from django.core.files.storage import default_storage, storages
print(json.dumps({
    "backend": storages.backends["default"]["BACKEND"],
    "url": default_storage.url("classes/banner.png"),
}))
"""


def configured_storage(**variables) -> dict:
    unset = dict.fromkeys(STORAGE_VARIABLES)
    result = python_run(
        "-c",
        PROBE,
        environment={**unset, "DJANGO_SETTINGS_MODULE": "camp.settings.local", **variables},
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_images_are_kept_on_this_server_by_default():
    assert configured_storage() == {
        "backend": "django.core.files.storage.FileSystemStorage",
        "url": "/media/classes/banner.png",
    }


def test_a_named_bucket_behind_a_custom_domain_gives_lasting_public_urls():
    assert configured_storage(
        IMAGE_STORAGE_BUCKET="camp-images", AWS_S3_CUSTOM_DOMAIN="images.camp.example"
    ) == {
        "backend": "storages.backends.s3.S3Storage",
        "url": "https://images.camp.example/classes/banner.png",
    }


def test_an_s3_compatible_endpoint_gets_unsigned_urls():
    # No query-string signature: the URL saved on a class must not expire.
    assert configured_storage(
        AWS_STORAGE_BUCKET_NAME="camp-images",
        AWS_S3_ENDPOINT_URL="http://127.0.0.1:9000",
        AWS_S3_REGION_NAME="eu-west-1",
    ) == {
        "backend": "storages.backends.s3.S3Storage",
        "url": "http://127.0.0.1:9000/camp-images/classes/banner.png",
    }


# Asks where a child's document would be kept, and whether anyone could fetch it by address.
DOCUMENTS_PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.core.files.storage import storages
storage = storages["care_documents"]
print(json.dumps({
    "backend": storages.backends["care_documents"]["BACKEND"],
    "location": str(getattr(storage, "location", "")),
    "media_root": str(settings.MEDIA_ROOT),
    "acl": getattr(storage, "default_acl", None),
    "signed": getattr(storage, "querystring_auth", None),
}))
"""


def configured_documents(**variables) -> dict:
    unset = dict.fromkeys({*STORAGE_VARIABLES, "CARE_DOCUMENT_BUCKET"})
    result = python_run(
        "-c",
        DOCUMENTS_PROBE,
        environment={**unset, "DJANGO_SETTINGS_MODULE": "camp.settings.local", **variables},
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_children_s_documents_are_kept_outside_the_media_this_server_serves():
    kept = configured_documents()

    assert kept["backend"] == "django.core.files.storage.FileSystemStorage"
    # /media/ serves MEDIA_ROOT to anyone: a document's file is never there.
    assert not kept["location"].startswith(kept["media_root"])


def test_a_named_bucket_for_documents_is_private_whatever_the_images_bucket_is():
    kept = configured_documents(
        CARE_DOCUMENT_BUCKET="camp-care", IMAGE_STORAGE_BUCKET="camp-images"
    )

    assert (kept["backend"], kept["acl"], kept["signed"]) == (
        "storages.backends.s3.S3Storage",
        "private",
        True,
    )
