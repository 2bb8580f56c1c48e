"""An uploaded picture read by its content, never by its name or the type the browser sent.

Every app that keeps a picture someone uploaded (a class's banner, a photograph of a child's
piece) decodes it here first: a file that Pillow cannot read as one of the formats the app takes
is refused with a message saying what is, and a picture is fully decoded, so a truncated or
damaged file fails now rather than later in somebody's browser. What the app stores is then
pixels it encodes itself (`without_metadata`): no EXIF (camera, GPS), no XMP, no comments.
"""

from collections.abc import Collection

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext
from PIL import Image, UnidentifiedImageError

# Decoding costs memory by pixels, not bytes: a 5 MB PNG can claim a billion pixels. This still
# takes a 48-megapixel phone photo.
MAX_PIXELS = 50_000_000


class ImageRejected(Exception):
    """The upload is not an image we keep; the message tells the uploader what is wrong."""


def size_refusal(max_bytes: int) -> str:
    return gettext("The image is larger than %(value)s MB.") % {
        "value": f"{max_bytes / (1024 * 1024):g}"
    }


def image_decoded(
    upload: UploadedFile,
    *,
    formats: Collection[str],
    accepted: str,
    max_bytes: int,
    max_pixels: int = MAX_PIXELS,
) -> tuple[Image.Image, str]:
    """The first frame of the upload, fully decoded, and its format (Pillow's name for it, one
    of `formats`); else `ImageRejected`, naming what is `accepted` ("JPEG, PNG or WebP")."""
    # The size the upload handler counted, so a huge file is refused before anything reads it.
    if upload.size is None or upload.size > max_bytes:
        raise ImageRejected(size_refusal(max_bytes))
    try:
        upload.seek(0)
        with Image.open(upload) as probe:
            image_format = probe.format or ""
            if image_format not in formats:
                raise ImageRejected(
                    gettext(
                        "%(image_format)s images are not accepted: upload a %(accepted)s image."
                    )
                    % {"image_format": image_format, "accepted": accepted}
                )
            width, height = probe.size
            if width * height > max_pixels:
                raise Image.DecompressionBombError
            # Checks what can be checked without decoding (PNG chunk checksums, for one).
            probe.verify()
        # verify() leaves the image unusable, so it is opened again and really decoded.
        upload.seek(0)
        image = Image.open(upload, formats=[image_format])
        image.load()
    except ImageRejected:
        raise
    except Image.DecompressionBombError:
        raise ImageRejected(
            gettext("The image has too many pixels: at most %(value)s megapixels.")
            % {"value": max_pixels // 1_000_000}
        ) from None
    except UnidentifiedImageError:
        # Pillow does not read SVG at all, but its uploader deserves a better answer than
        # "not an image".
        upload.seek(0)
        if b"<svg" in upload.read(1024).lower():
            raise ImageRejected(
                gettext("SVG images are not accepted: upload a %(accepted)s image.")
                % {"accepted": accepted}
            ) from None
        raise ImageRejected(
            gettext("The file is not an image: upload a %(accepted)s image.")
            % {"accepted": accepted}
        ) from None
    except Exception:
        # Pillow reports damaged data through many exception types (OSError, SyntaxError,
        # ValueError, EOFError, struct.error...); to the uploader they all mean the same.
        raise ImageRejected(gettext("The image is truncated or corrupt.")) from None
    return image, image_format


def without_metadata(image: Image.Image) -> Image.Image:
    """The image with nothing but its pixels for an encoder to write. Encoders fall back on
    `image.info` for EXIF, XMP, comments and text chunks: emptied, nothing reaches the stored
    file but the pixels and the options its caller passes."""
    image.info = {}
    return image
