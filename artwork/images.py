"""A photograph of a piece, as it is kept: checked by its content, turned upright, stripped of
everything but its pixels, and stored in every size a page asks for.

What the phone sent is never stored. It is decoded (`core.images`: JPEG, PNG, WebP, or HEIC as
iPhones save it, by pillow-heif's opener, registered in `artwork.apps`), turned as its EXIF
orientation says, converted to sRGB, flattened onto white, scaled to `MAX_SIDE` at most, and
encoded again: a JPEG (`original.jpg`, the download and the PDF's picture) and WebP copies at
each width of the ladder (`core.pictures.webp_variants`). No EXIF (GPS above all: where a child
lives or plays), XMP, comment or colour profile survives into any of them.

The files are written before the row that names them (a storage is no transaction): whoever
stores them deletes them if that row is not kept, and a row deleted takes its files with it once
the deletion is committed (`pictures_delete_after_commit`, connected in `artwork.apps`).
"""

import contextlib
import io
import os
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from PIL import Image, ImageCms, ImageOps

from artwork.files import ORIGINAL, artwork_storage, copy_name, picture_names
from core.errors import InvalidInput
from core.images import ImageRejected, image_decoded, size_refusal, without_metadata
from core.pictures import webp_variants

ACCEPTED = "JPEG, PNG, WebP or HEIC"
# Pillow's names for what is accepted ("HEIF": pillow-heif's, for .heic and .heif alike).
FORMATS = frozenset({"JPEG", "PNG", "WEBP", "HEIF"})
# Sharp on any screen and in the portfolio's A4 page, and about 1 MB as a JPEG.
MAX_SIDE = 2560
JPEG_QUALITY = 85
_SRGB = ImageCms.createProfile("sRGB")


@dataclass(frozen=True)
class StoredPictures:
    """A photograph's files as stored: where (`image_stem`), its WebP copies' `widths`, the
    picture's size, and the bytes of all its files together."""

    image_stem: str
    widths: list[int]
    width: int
    height: int
    stored_bytes: int


def file_refused(message: str) -> InvalidInput:
    return InvalidInput({"file": [message]})


def too_large() -> InvalidInput:
    return file_refused(size_refusal(settings.ARTWORK_MAX_BYTES))


def _in_srgb(image: Image.Image, profile: bytes | None) -> Image.Image:
    """The picture in sRGB, as every browser takes an untagged picture to be: an iPhone's
    Display P3 or a print's CMYK converted by its `profile`, since no profile is kept."""
    if not profile:
        return image
    try:
        return ImageCms.profileToProfile(
            image,
            io.BytesIO(profile),
            _SRGB,
            outputMode="RGBA" if image.mode == "RGBA" else "RGB",
        )
    except (ImageCms.PyCMSError, OSError, ValueError):
        # A damaged profile, or one for another mode: the pixels are used as they are.
        return image


def _on_white(image: Image.Image) -> Image.Image:
    """An RGB picture; transparent parts (a scanned drawing's PNG) on white, as on paper."""
    if image.mode == "RGBA":
        return Image.alpha_composite(Image.new("RGBA", image.size, "white"), image).convert("RGB")
    return image.convert("RGB")


def picture_prepared(image: Image.Image) -> Image.Image:
    """The decoded photograph upright, at most `MAX_SIDE` on its longest side, in sRGB, RGB on
    white, with nothing but its pixels left (`core.images.without_metadata`)."""
    # Phones record "rotate me" in EXIF; the pixels are turned now, since the EXIF goes.
    picture = ImageOps.exif_transpose(image)
    if picture.has_transparency_data:
        picture = picture.convert("RGBA")
    elif picture.mode not in ("RGB", "L", "CMYK"):
        # Palette and bilevel pictures scale only by nearest neighbour: their colours scale.
        picture = picture.convert("RGB")
    # Scaled first: converting colours costs by the pixel, and a phone's photo has 12 to 48
    # million of them.
    picture.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    return without_metadata(_on_white(_in_srgb(picture, image.info.get("icc_profile"))))


def _encoded(upload: UploadedFile) -> tuple[Image.Image, bytes, dict[int, bytes]]:
    """The prepared picture, its JPEG, and its WebP copies by width."""
    try:
        image, _ = image_decoded(
            upload, formats=FORMATS, accepted=ACCEPTED, max_bytes=settings.ARTWORK_MAX_BYTES
        )
    except ImageRejected as rejected:
        raise file_refused(str(rejected)) from None
    try:
        picture = picture_prepared(image)
    finally:
        image.close()
    original = io.BytesIO()
    picture.save(original, format="JPEG", quality=JPEG_QUALITY, optimize=True)
    return picture, original.getvalue(), webp_variants(picture)


def pictures_store(upload: UploadedFile) -> StoredPictures:
    """Check the upload (InvalidInput naming `file`: not an accepted image, too large, too many
    pixels, damaged), encode its files and store them under a new random stem. The caller
    deletes them (`pictures_delete`) if it keeps no row naming them."""
    picture, original, copies = _encoded(upload)
    files = {ORIGINAL: original, **{copy_name(width): copy for width, copy in copies.items()}}
    stem = uuid.uuid4().hex
    storage = artwork_storage()
    written = []
    try:
        for name, content in files.items():
            written.append(storage.save(f"{stem}/{name}", ContentFile(content)))
    except BaseException:
        for name in written:
            storage.delete(name)
        raise
    return StoredPictures(
        image_stem=stem,
        widths=sorted(copies),
        width=picture.width,
        height=picture.height,
        stored_bytes=sum(len(content) for content in files.values()),
    )


def pictures_delete(artwork) -> None:
    """Every stored file of a piece (an `Artwork`, or the `StoredPictures` of one not kept),
    and its folder where the storage has folders."""
    storage = artwork_storage()
    for name in picture_names(image_stem=artwork.image_stem, widths=artwork.widths):
        storage.delete(name)
    # A bucket has no folders; a folder already gone, or not empty, is left as it is.
    with contextlib.suppress(NotImplementedError, OSError):
        os.rmdir(storage.path(artwork.image_stem))


def pictures_delete_after_commit(artwork) -> None:
    """A piece's files deleted once the deletion of its row is committed, never before: a
    rolled-back deletion keeps its files."""
    stored = StoredPictures(
        image_stem=artwork.image_stem,
        widths=list(artwork.widths),
        width=artwork.width,
        height=artwork.height,
        stored_bytes=artwork.stored_bytes,
    )
    transaction.on_commit(lambda: pictures_delete(stored))
