"""Class banner uploads: only real JPEG, PNG, WebP and GIF images are kept, and never as sent.

Every accepted image is decoded and encoded again, so what we store and serve is pixels we
produced ourselves: no EXIF (camera, GPS), no comments or XMP, no payload hidden after the image
data, no file that is a script or a page pretending to be a picture.
"""

import io
import uuid
from urllib.parse import urlsplit

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from PIL import Image, ImageOps

from core.images import image_decoded, without_metadata

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# Banners are shown in cards about 400 CSS pixels wide; 1600 pixels stay sharp even on a 3x
# phone screen. Larger images are scaled down, keeping their proportions, so that a phone photo
# does not cost every visitor megabytes.
MAX_SIDE = 1600
ACCEPTED = "JPEG, PNG, WebP or GIF"
# Pillow's format name -> the stored file's extension and how it is encoded again.
_FORMATS: dict[str, tuple[str, dict]] = {
    "JPEG": ("jpg", {"quality": 85, "optimize": True}),
    "PNG": ("png", {}),
    "WEBP": ("webp", {"quality": 85}),
    "GIF": ("gif", {}),
}
# Encoders that can carry a colour profile; it is colour data, not personal data, so it stays.
_KEEPS_ICC_PROFILE = {"JPEG", "PNG", "WEBP"}


def class_image_store(*, upload: UploadedFile) -> str:
    """Check and re-encode an uploaded banner, store it, and answer its storage URL; a file
    that is not an image we keep raises `core.images.ImageRejected`."""
    content, extension = _reencode(upload)
    name = default_storage.save(f"classes/{uuid.uuid4().hex}.{extension}", ContentFile(content))
    return default_storage.url(name)


def _reencode(upload: UploadedFile) -> tuple[bytes, str]:
    image, image_format = image_decoded(
        upload, formats=_FORMATS, accepted=ACCEPTED, max_bytes=MAX_UPLOAD_BYTES
    )
    try:
        return _encode(image, image_format), _FORMATS[image_format][0]
    finally:
        image.close()


def _encode(image: Image.Image, image_format: str) -> bytes:
    # Phones record "rotate me" in EXIF; turn the pixels now, since the EXIF goes.
    image = ImageOps.exif_transpose(image)
    options = dict(_FORMATS[image_format][1])
    icc_profile = image.info.get("icc_profile")
    if icc_profile and image_format in _KEEPS_ICC_PROFILE:
        options["icc_profile"] = icc_profile
    transparency = image.info.get("transparency")

    if max(image.size) > MAX_SIDE:
        if image.mode not in ("RGB", "RGBA", "L"):
            # Palette and bilevel images can only be scaled by nearest neighbour; scale the
            # colours instead, folding a transparent palette entry into the alpha channel.
            image = image.convert("RGBA" if image.has_transparency_data else "RGB")
            transparency = None
        image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    if image_format == "JPEG" and image.mode not in ("RGB", "L"):
        # A CMYK photo: browsers handle RGB best, and its CMYK profile no longer applies.
        image = image.convert("RGB")
        options.pop("icc_profile", None)
    if transparency is not None and image.mode in ("P", "L", "RGB"):
        options["transparency"] = transparency

    output = io.BytesIO()
    without_metadata(image).save(output, format=image_format, **options)
    return output.getvalue()


def own_media_path(url: str, *, hosts: set[str], media_url: str) -> str:
    """An upload's address as a path on this site, if it names this site's own media.

    Uploads were once stored with the host they came through (http://127.0.0.1:8000/media/...),
    which breaks under any other name of the same site. Addresses of other sites stay as they are.
    """
    parts = urlsplit(url)
    if (
        parts.scheme in ("http", "https")
        and (parts.hostname or "").lower() in hosts
        and parts.path.startswith(media_url)
        and not parts.query
        and not parts.fragment
    ):
        return parts.path
    return url


def own_hosts() -> set[str]:
    """The names this site answers to, as far as its settings tell."""
    names = {"localhost", "127.0.0.1", "::1"}
    names.update(host.strip("[]").lstrip(".").lower() for host in settings.ALLOWED_HOSTS)
    site = urlsplit(settings.SITE_URL).hostname
    if site:
        names.add(site.lower())
    names.discard("*")
    return names
