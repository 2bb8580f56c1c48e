"""Pieces of children's artwork in tests: rows as a photograph taken at a class leaves them, with
small real pictures in the `artworks` storage under the names `artwork.files` gives them (a JPEG
original and the WebP copies of its width), so that reading, serving, a PDF or a deletion finds
real files."""

import io
import uuid

from django.core.files.base import ContentFile
from django.utils import timezone
from PIL import Image

from accounts.models import Participant, User
from artwork.files import ORIGINAL, artwork_storage, copy_name, picture_names
from artwork.models import Artwork, ArtworkChild, Stage
from classes.models import Class
from core.pictures import WIDTHS
from core.school_time import school_today


def picture_bytes(size: tuple[int, int] = (480, 360), color: str = "teal", fmt: str = "JPEG"):
    """A plain picture of `size`, encoded as `fmt`."""
    output = io.BytesIO()
    Image.new("RGB", size, color).save(output, format=fmt)
    return output.getvalue()


def pictures_stored(*, image_stem: str, size: tuple[int, int], color: str) -> tuple[list, int]:
    """The piece's files, stored as `artwork.images` stores them: the widths of its WebP copies
    and every file's bytes together."""
    storage = artwork_storage()
    original = picture_bytes(size, color)
    storage.save(f"{image_stem}/{ORIGINAL}", ContentFile(original))
    widths = [width for width in WIDTHS if width <= size[0]]
    stored = len(original)
    for width in widths:
        height = max(1, round(size[1] * width / size[0]))
        copy = picture_bytes((width, height), color, fmt="WEBP")
        storage.save(f"{image_stem}/{copy_name(width)}", ContentFile(copy))
        stored += len(copy)
    return widths, stored


def artwork_made(
    camp_class: Class,
    children: list[Participant] = (),
    *,
    title: str = "",
    stage: str = Stage.IN_PROGRESS,
    approved_by: User | None = None,
    taken_by: User | None = None,
    size: tuple[int, int] = (480, 360),
    color: str = "teal",
    told: bool = False,
    **fields,
) -> Artwork:
    """A piece photographed at `camp_class` by its instructor (or `taken_by`) today, tagged with
    `children`; ready for pick-up since now when its stage is; approved for the gallery by
    `approved_by` when given. `told`: its families were told of it already (and of it ready).
    Any other field of `Artwork` may be given (`taken_on`, `created_at`...)."""
    image_stem = f"test-{uuid.uuid4().hex}"
    widths, stored = pictures_stored(image_stem=image_stem, size=size, color=color)
    now = timezone.now()
    artwork = Artwork.objects.create(
        camp_class=camp_class,
        client_id=fields.pop("client_id", f"test-{uuid.uuid4()}"),
        title=title,
        stage=stage,
        image_stem=image_stem,
        widths=widths,
        width=size[0],
        height=size[1],
        stored_bytes=stored,
        taken_by=taken_by or camp_class.instructor,
        taken_on=fields.pop("taken_on", school_today()),
        ready_at=now if stage == Stage.READY else None,
        approved_at=now if approved_by else None,
        approved_by=approved_by,
        **fields,
    )
    told_at = now if told else None
    ArtworkChild.objects.bulk_create(
        ArtworkChild(
            artwork=artwork,
            participant=child,
            told_new_at=told_at,
            told_ready_at=told_at if stage == Stage.READY else None,
        )
        for child in children
    )
    return artwork


def stored_names(artwork: Artwork) -> list[str]:
    """Which of the piece's files are in the storage now."""
    storage = artwork_storage()
    names = picture_names(image_stem=artwork.image_stem, widths=artwork.widths)
    return [name for name in names if storage.exists(name)]
