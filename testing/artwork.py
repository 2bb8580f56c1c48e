"""Children's artwork in tests: a piece as the instructor's phone leaves it, its pictures real
files in the `artworks` storage under the names `artwork.files` gives them."""

import io
import uuid

from django.core.files.base import ContentFile
from django.utils import timezone
from PIL import Image

from accounts.models import Participant, Role, User
from artwork.files import artwork_storage, picture_names
from artwork.models import Artwork, ArtworkChild, Stage
from classes.models import Class
from core.pictures import webp_variants
from core.school_time import school_today
from testing.factories import UserFactory

# Wide enough for the smallest copy of the ladder (core.pictures.WIDTHS), small enough to be quick.
PICTURE_SIZE = (400, 300)


def picture_jpeg(size: tuple[int, int] = PICTURE_SIZE, colour: str = "peru") -> bytes:
    picture = io.BytesIO()
    Image.new("RGB", size, colour).save(picture, format="JPEG", quality=85)
    return picture.getvalue()


def artwork_made(
    camp_class: Class,
    children: list[Participant],
    *,
    approved: bool = False,
    approved_by: User | None = None,
    stage: str = Stage.IN_PROGRESS,
    title: str = "Coil pot",
    taken_on=None,
) -> Artwork:
    """A piece photographed at `camp_class` by its instructor today (or on `taken_on`), the
    children tagged on it; `approved` for the gallery by an admin (`approved_by`, else a new
    one). Its JPEG and WebP copies are stored as the taking stores them."""
    jpeg = picture_jpeg()
    image = Image.open(io.BytesIO(jpeg))
    copies = webp_variants(image)
    stem = uuid.uuid4().hex
    names = picture_names(image_stem=stem, widths=sorted(copies))
    for name, content in zip(
        names, [jpeg, *(copies[width] for width in sorted(copies))], strict=True
    ):
        artwork_storage().save(name, ContentFile(content))
    now = timezone.now()
    if approved and approved_by is None:
        approved_by = UserFactory(role=Role.ADMIN)
    artwork = Artwork.objects.create(
        camp_class=camp_class,
        client_id=f"test-{stem}",
        title=title,
        stage=stage,
        image_stem=stem,
        widths=sorted(copies),
        width=image.width,
        height=image.height,
        stored_bytes=len(jpeg) + sum(len(content) for content in copies.values()),
        taken_by=camp_class.instructor,
        taken_on=taken_on or school_today(),
        ready_at=now if stage == Stage.READY else None,
        approved_at=now if approved else None,
        approved_by=approved_by if approved else None,
    )
    ArtworkChild.objects.bulk_create(
        ArtworkChild(artwork=artwork, participant=child) for child in children
    )
    return artwork
