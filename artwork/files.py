"""Where a piece's pictures are stored and how a page asks for them.

Each piece has a re-encoded JPEG (`original.jpg`, the download and the PDF's picture) and WebP
copies at each width of the ladder it is at least as wide as (`{width}w.webp`,
`core.pictures.WIDTHS`), all under its `image_stem` in the private `artworks` storage.

They are served by the API alone (`GET /api/artworks/{id}/images/{name}`), which asks at every
request whether the piece is in the public gallery, or else for a key: a signed, expiring token
naming the piece, handed with the piece to whoever may read it (its family, its class's
instructor, admins). An <img> cannot send the sign-in header, so the key rides in its address.
"""

from django.core import signing
from django.core.files.storage import storages

from core.pictures import SIZES, WIDTHS

ORIGINAL = "original.jpg"
# A key opens a piece's pictures for this long: a page open all day asks for the piece again.
KEY_MAX_AGE_SECONDS = 12 * 60 * 60
_KEY_SALT = "artwork.files.picture-key"


def artwork_storage():
    return storages["artworks"]


def copy_name(width: int) -> str:
    return f"{width}w.webp"


def picture_names(*, image_stem: str, widths) -> list[str]:
    """Every stored file of a piece, by its storage name."""
    return [f"{image_stem}/{ORIGINAL}"] + [f"{image_stem}/{copy_name(width)}" for width in widths]


def is_picture_name(name: str, *, widths) -> bool:
    """Whether `name` (the last part of a picture's address) is one of a piece's files."""
    return name == ORIGINAL or name in {copy_name(width) for width in widths}


def picture_key(artwork_id: int) -> str:
    return signing.TimestampSigner(salt=_KEY_SALT).sign(str(artwork_id))


def picture_key_opens(key: str, *, artwork_id: int) -> bool:
    """Whether `key` was handed out for this piece and has not yet expired."""
    try:
        named = signing.TimestampSigner(salt=_KEY_SALT).unsign(key, max_age=KEY_MAX_AGE_SECONDS)
    except signing.BadSignature:
        return False
    return named == str(artwork_id)


def picture_sources(artwork, *, keyed: bool, place: str = "artwork") -> dict:
    """What an <img> of the piece needs: `src` (the largest copy, or the JPEG when the picture
    is narrower than every width), `srcset` and `sizes`, `width` and `height`, and `download`
    (the JPEG, as an attachment). `keyed`: the addresses carry a key, for a reader who is not
    every visitor; the public gallery's do not."""
    base = f"/api/artworks/{artwork.pk}/images/"
    query = f"?key={picture_key(artwork.pk)}" if keyed else ""
    widths = [width for width in WIDTHS if width in set(artwork.widths)]
    src = base + (copy_name(widths[-1]) if widths else ORIGINAL) + query
    srcset = ", ".join(f"{base}{copy_name(width)}{query} {width}w" for width in widths)
    download = base + ORIGINAL + (f"{query}&download=1" if query else "?download=1")
    return {
        "src": src,
        "srcset": srcset,
        "sizes": SIZES[place] if widths else "",
        "width": artwork.width,
        "height": artwork.height,
        "download": download,
    }
