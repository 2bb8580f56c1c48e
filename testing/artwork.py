"""Children's artwork in tests: photographs as a phone takes them (with EXIF, GPS and all), and
pieces on record with their pictures stored, as `artwork.services.taking.artwork_take` keeps
them (for fixtures built where its transaction of its own cannot run), at any stage, approved
or told to their families."""

import io
import struct

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image

from accounts.models import User
from artwork.files import artwork_storage, picture_names
from artwork.images import pictures_store
from artwork.models import Artwork, ArtworkChild, Stage
from core.school_time import school_today

ORIENTATION = 0x0112
GPS_IFD = 0x8825
# Somewhere in San Francisco, as a phone writes it: degrees, minutes, seconds.
GPS = {1: "N", 2: (37.0, 46.0, 29.7), 3: "W", 4: (122.0, 25.0, 9.9)}


# sRGB's primaries as an ICC profile gives them (CIE XYZ, adapted to D50).
SRGB_RED, SRGB_GREEN, SRGB_BLUE = (
    (0.4361, 0.2225, 0.0139),
    (0.3851, 0.7169, 0.0971),
    (0.1431, 0.0606, 0.7141),
)
D50 = (0.9642, 1.0, 0.8249)


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + bytes(4) + _s15(x) + _s15(y) + _s15(z)


def swapped_primaries_profile() -> bytes:
    """An ICC colour profile (v2, RGB, matrix and gamma 2.2) whose red is sRGB's green and whose
    green is sRGB's red: a picture's red pixels tagged with it are green once in sRGB. Any
    profile but sRGB's would do, as a phone's Display P3 does; this one shows plainly."""
    text = b"Swapped primaries\0"
    tags = {
        b"desc": b"desc" + bytes(4) + struct.pack(">I", len(text)) + text + bytes(78),
        b"wtpt": _xyz(*D50),
        b"rXYZ": _xyz(*SRGB_GREEN),
        b"gXYZ": _xyz(*SRGB_RED),
        b"bXYZ": _xyz(*SRGB_BLUE),
        **dict.fromkeys(
            (b"rTRC", b"gTRC", b"bTRC"),
            b"curv" + bytes(4) + struct.pack(">IH", 1, round(2.2 * 256)) + bytes(2),
        ),
    }
    start = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags.items():
        body += bytes(-len(body) % 4)
        table += signature + struct.pack(">II", start + len(data), len(body))
        data += body
    header = (
        struct.pack(">I", start + len(data))
        + bytes(4)
        + bytes([2, 0x10, 0, 0])
        + b"mntrRGB XYZ "
        + bytes(12)
        + b"acsp"
        + bytes(28)
        + b"".join(_s15(part) for part in D50)
        + bytes(48)
    )
    return header + struct.pack(">I", len(tags)) + table + data


def phone_exif(*, orientation: int = 1) -> Image.Exif:
    """The EXIF a phone writes: its make and model, where the photograph was taken (GPS), and
    which way up it is."""
    exif = Image.Exif()
    exif[0x010F] = "Apple"
    exif[0x0110] = "iPhone 15"
    exif[ORIENTATION] = orientation
    exif.get_ifd(GPS_IFD).update(GPS)
    return exif


def photo_bytes(
    size: tuple[int, int] = (640, 480),
    *,
    image_format: str = "JPEG",
    mode: str = "RGB",
    color="teal",
    exif: Image.Exif | None = None,
    **options,
) -> bytes:
    image = Image.new(mode, size, color)
    if exif is not None:
        options["exif"] = exif.tobytes()
    output = io.BytesIO()
    image.save(output, format=image_format, **options)
    return output.getvalue()


def photo_upload(name: str = "pot.jpg", content: bytes | None = None) -> SimpleUploadedFile:
    """A photograph as the browser sends it: a JPEG with a phone's EXIF, unless `content`."""
    if content is None:
        content = photo_bytes(exif=phone_exif())
    return SimpleUploadedFile(name, content, content_type="image/jpeg")


def artwork_photographed(camp_class, *, children=(), by=None, **fields) -> Artwork:
    """A piece of the class, photographed today by its instructor (or `by`), its pictures in
    the storage, and `children` tagged on it."""
    pictures = pictures_store(photo_upload())
    now = timezone.now()
    artwork = Artwork.objects.create(
        camp_class=camp_class,
        client_id=fields.pop("client_id", pictures.image_stem),
        image_stem=pictures.image_stem,
        widths=pictures.widths,
        width=pictures.width,
        height=pictures.height,
        stored_bytes=pictures.stored_bytes,
        taken_by=by or camp_class.instructor,
        taken_on=fields.pop("taken_on", school_today()),
        created_at=fields.pop("created_at", now),
        **fields,
    )
    ArtworkChild.objects.bulk_create(
        ArtworkChild(artwork=artwork, participant=child, tagged_at=now) for child in children
    )
    return artwork


def artwork_made(
    camp_class,
    children=(),
    *,
    stage: str = Stage.IN_PROGRESS,
    approved_by: User | None = None,
    told: bool = False,
    **fields,
) -> Artwork:
    """A piece photographed (`artwork_photographed`) at `stage`: ready for pick-up since now
    when it is; approved for the gallery by `approved_by` when given. `told`: its families were
    told of it already in their daily e-mail (and of it ready). Any field of `Artwork` may be
    given (`title`, `taken_on`, `created_at`...)."""
    now = timezone.now()
    ready = stage == Stage.READY
    artwork = artwork_photographed(
        camp_class,
        children=children,
        stage=stage,
        ready_at=now if ready else None,
        approved_at=now if approved_by else None,
        approved_by=approved_by,
        **fields,
    )
    if told:
        ArtworkChild.objects.filter(artwork=artwork).update(
            told_new_at=now, told_ready_at=now if ready else None
        )
    return artwork


def stored_names(artwork: Artwork) -> list[str]:
    """Which of the piece's files are in the storage now."""
    storage = artwork_storage()
    names = picture_names(image_stem=artwork.image_stem, widths=artwork.widths)
    return [name for name in names if storage.exists(name)]
