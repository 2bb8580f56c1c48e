"""A picture's smaller copies, and which one a page's first picture is.

A picture of ours may come with WebP copies at a ladder of widths, so that a phone downloads
a card's picture at the size the card shows it rather than the largest. Its address says so
itself: a name ending in `-{width}w.webp`, a width of the ladder, is the largest copy, and its
siblings at each smaller width of the ladder sit beside it (`pottery-1280w.webp` has
`pottery-320w.webp` ... `pottery-960w.webp`). Any other address is one file, shown as it is.

The ladder and the `sizes` of each place a picture is shown are one file that the browser app
reads too (frontend/src/components/ui/pictures.json, used by Picture.jsx): the page's preload
then names the very copy the browser will pick for the picture it draws.
"""

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

_SHARED = Path(__file__).resolve().parent.parent / "frontend/src/components/ui/pictures.json"
_PICTURES = json.loads(_SHARED.read_text())
WIDTHS: tuple[int, ...] = tuple(_PICTURES["widths"])
# The place a picture is shown -> its `sizes`: how wide it is at each breakpoint.
SIZES: dict[str, str] = _PICTURES["sizes"]
# WebP, not AVIF as well: every browser in use reads WebP, and one format keeps one srcset,
# so the preload in the head names exactly the copy the <img> picks.
VARIANT_FORMAT = "WEBP"
VARIANT_QUALITY = 75

_LARGEST_COPY = re.compile(r"-(\d+)w\.webp$")


@dataclass(frozen=True)
class Sources:
    """What an <img> (or a preload of it) needs: its address, and its copies when it has any."""

    src: str
    srcset: str = ""
    sizes: str = ""


def variant_name(stem: str, width: int) -> str:
    return f"{stem}-{width}w.webp"


def sources(url: str, place: str) -> Sources:
    """The address and, for a picture with copies, the srcset and the `sizes` of `place`."""
    match = _LARGEST_COPY.search(url)
    if not match or int(match.group(1)) not in WIDTHS:
        return Sources(src=url)
    stem, largest = url[: match.start()], int(match.group(1))
    srcset = ", ".join(
        f"{variant_name(stem, width)} {width}w" for width in WIDTHS if width <= largest
    )
    return Sources(src=url, srcset=srcset, sizes=SIZES[place])


def webp_variants(image: Image.Image) -> dict[int, bytes]:
    """The picture as WebP at each width of the ladder it is at least as wide as, proportions
    kept; scaled from the picture itself, never up. Nothing for a picture narrower than the
    smallest width, which is then shown as it is."""
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if image.has_transparency_data else "RGB")
    copies = {}
    for width in WIDTHS:
        if width > image.width:
            break
        height = max(1, round(image.height * width / image.width))
        copy = image.resize((width, height), Image.Resampling.LANCZOS)
        output = io.BytesIO()
        copy.save(output, VARIANT_FORMAT, quality=VARIANT_QUALITY, method=6)
        copies[width] = output.getvalue()
    return copies
