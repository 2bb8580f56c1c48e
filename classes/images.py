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
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# Banners are shown in cards about 400 CSS pixels wide; 1600 pixels stay sharp even on a 3x
# phone screen. Larger images are scaled down, keeping their proportions, so that a phone photo
# does not cost every visitor megabytes.
MAX_SIDE = 1600
# Decoding costs memory by pixels, not bytes: a 5 MB PNG can claim a billion pixels. This still
# takes a 48-megapixel phone photo.
MAX_PIXELS = 50_000_000

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


class ImageRejected(Exception):
    """The upload is not an image we keep; the message tells the uploader what is wrong."""


def class_image_store(*, upload: UploadedFile) -> str:
    """Check and re-encode an uploaded banner, store it, and answer its storage URL."""
    content, extension = _reencode(upload)
    name = default_storage.save(f"classes/{uuid.uuid4().hex}.{extension}", ContentFile(content))
    return default_storage.url(name)


def _reencode(upload: UploadedFile) -> tuple[bytes, str]:
    # The size the upload handler counted, so a huge file is refused before anything reads it.
    if upload.size is None or upload.size > MAX_UPLOAD_BYTES:
        raise ImageRejected("The image is larger than 5 MB.")
    image, image_format = _decode(upload)
    try:
        return _encode(image, image_format), _FORMATS[image_format][0]
    finally:
        image.close()


def _decode(upload: UploadedFile) -> tuple[Image.Image, str]:
    """The first frame of the upload, fully decoded, and its detected format."""
    try:
        upload.seek(0)
        with Image.open(upload) as probe:
            image_format = probe.format or ""
            if image_format not in _FORMATS:
                raise ImageRejected(
                    f"{image_format} images are not accepted: upload a {ACCEPTED} image."
                )
            width, height = probe.size
            if width * height > MAX_PIXELS:
                raise Image.DecompressionBombError
            # Checks what can be checked without decoding (PNG chunk checksums, for one).
            probe.verify()
        # verify() leaves the image unusable, so it is opened again and really decoded; a
        # truncated or damaged file fails here rather than later in a student's browser.
        upload.seek(0)
        image = Image.open(upload, formats=[image_format])
        image.load()
    except ImageRejected:
        raise
    except Image.DecompressionBombError:
        raise ImageRejected(
            f"The image has too many pixels: at most {MAX_PIXELS // 1_000_000} megapixels."
        ) from None
    except UnidentifiedImageError:
        # Pillow does not read SVG at all, but its uploader deserves a better answer than
        # "not an image".
        upload.seek(0)
        if b"<svg" in upload.read(1024).lower():
            raise ImageRejected(
                f"SVG images are not accepted: upload a {ACCEPTED} image."
            ) from None
        raise ImageRejected(f"The file is not an image: upload a {ACCEPTED} image.") from None
    except Exception:
        # Pillow reports damaged data through many exception types (OSError, SyntaxError,
        # ValueError, EOFError, struct.error...); to the uploader they all mean the same.
        raise ImageRejected("The image is truncated or corrupt.") from None
    return image, image_format


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

    # Encoders fall back on image.info for EXIF, XMP, comments and text chunks: empty it so
    # that nothing but the pixels and the options chosen above reaches the stored file.
    image.info = {}
    output = io.BytesIO()
    image.save(output, format=image_format, **options)
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
