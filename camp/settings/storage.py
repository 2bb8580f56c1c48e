"""Static files and uploaded class images: this server's disk, or an S3-compatible bucket."""

from pathlib import Path

from .env import env
from .paths import BASE_DIR

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# The webpack bundle already carries content hashes in its file names.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+\.[0-9a-f]{8,}\..+$"

MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", str(BASE_DIR / "media")))

# Uploaded class images: MEDIA_ROOT on this server unless a bucket is named, then any
# S3-compatible store. boto3 reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY itself.
IMAGE_STORAGE_BUCKET = env("IMAGE_STORAGE_BUCKET", env("AWS_STORAGE_BUCKET_NAME"))
if IMAGE_STORAGE_BUCKET:
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": IMAGE_STORAGE_BUCKET,
            "endpoint_url": env("AWS_S3_ENDPOINT_URL"),
            "region_name": env("AWS_S3_REGION_NAME"),
            "custom_domain": env("AWS_S3_CUSTOM_DOMAIN"),
            # Class pages keep the image URL for good: no signed URLs that expire in an hour.
            "querystring_auth": False,
            "file_overwrite": False,
            # Every upload gets a new random name, so a copy may be cached for ever.
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }

# Documents families give for a child (`care.documents`): encrypted before they are stored, and
# never under MEDIA_ROOT, which this server serves to anyone: a folder of its own here, or a
# private bucket (objects read through the API only, never by a public address) when one is named.
CARE_DOCUMENT_ROOT = Path(env("CARE_DOCUMENT_ROOT", str(BASE_DIR / "care-documents")))
STORAGES["care_documents"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": CARE_DOCUMENT_ROOT},
}
CARE_DOCUMENT_BUCKET = env("CARE_DOCUMENT_BUCKET")
if CARE_DOCUMENT_BUCKET:
    STORAGES["care_documents"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": CARE_DOCUMENT_BUCKET,
            "endpoint_url": env("AWS_S3_ENDPOINT_URL"),
            "region_name": env("AWS_S3_REGION_NAME"),
            "default_acl": "private",
            "querystring_auth": True,
            "file_overwrite": False,
            "location": "care-documents",
        },
    }

# Photographs of children's artwork (`artwork.images`): read through the API alone, which asks who
# is reading (or whether the piece is in the public gallery) at every request, so never under
# MEDIA_ROOT: a folder of its own here, or a private bucket when one is named.
ARTWORK_ROOT = Path(env("ARTWORK_ROOT", str(BASE_DIR / "artwork-photos")))
STORAGES["artworks"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": ARTWORK_ROOT},
}
ARTWORK_BUCKET = env("ARTWORK_BUCKET")
if ARTWORK_BUCKET:
    STORAGES["artworks"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": ARTWORK_BUCKET,
            "endpoint_url": env("AWS_S3_ENDPOINT_URL"),
            "region_name": env("AWS_S3_REGION_NAME"),
            "default_acl": "private",
            "querystring_auth": True,
            "file_overwrite": False,
            "location": "artworks",
        },
    }
