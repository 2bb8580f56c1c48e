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
