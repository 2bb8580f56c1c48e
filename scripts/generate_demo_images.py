"""Draw the demo class banners and instructor portraits shipped in static/img/demo/.

The images are generated rather than downloaded so the repository carries no third-party
artwork and the demo works offline. Every drawing is seeded, so running the script again
reproduces the same files:

    .venv/bin/python scripts/generate_demo_images.py
"""

import colorsys
import itertools
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from core.pictures import variant_name, webp_variants  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "static" / "img" / "demo"
# The original files, which early links and databases name; the pages show the copies at the
# widths of the ladder (core/pictures.py), drawn at these sizes and scaled down.
BANNER = (640, 400)
PORTRAIT = (200, 200)
BANNER_DRAWN = (1920, 1200)
PORTRAIT_DRAWN = (1920, 1920)
# The widest copies: a class's page shows its banner up to 736 CSS pixels wide (x2 on a sharp
# screen); a portrait is at most a card's 416.
BANNER_LARGEST = 1280
PORTRAIT_LARGEST = 960
# Shapes are drawn at this multiple of the final size and scaled down, which smooths edges.
SUPERSAMPLE = 3
MAX_BYTES = 40_000

Color = tuple[int, int, int]


def hsl(hue: float, saturation: float, lightness: float) -> Color:
    red, green, blue = colorsys.hls_to_rgb(hue % 1.0, lightness, saturation)
    return round(red * 255), round(green * 255), round(blue * 255)


def palette(rng: random.Random, base_hue: float, count: int) -> list[Color]:
    return [
        hsl(
            base_hue + rng.uniform(-0.12, 0.12),
            rng.uniform(0.45, 0.85),
            rng.uniform(0.35, 0.7),
        )
        for _ in range(count)
    ]


def gradient(size: tuple[int, int], top: Color, bottom: Color) -> Image.Image:
    width, height = size
    column = Image.new("RGB", (1, height))
    for y in range(height):
        t = y / max(height - 1, 1)
        column.putpixel(
            (0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        )
    return column.resize(size)


def draw_pottery(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.06, 6)
    draw.rectangle((0, h * 0.78, w, h), fill=hsl(0.08, 0.35, 0.3))
    for index, x in enumerate((0.2, 0.45, 0.72)):
        cx, width = w * x, w * rng.uniform(0.1, 0.14)
        top, bottom = h * rng.uniform(0.25, 0.4), h * 0.8
        body = colors[index]
        draw.ellipse((cx - width, top + (bottom - top) * 0.3, cx + width, bottom), fill=body)
        draw.rectangle(
            (cx - width * 0.35, top, cx + width * 0.35, top + (bottom - top) * 0.5), fill=body
        )
        draw.ellipse(
            (cx - width * 0.5, top - 8 * SUPERSAMPLE, cx + width * 0.5, top + 10), fill=body
        )
        for band in range(3):
            y = top + (bottom - top) * (0.55 + band * 0.1)
            draw.line((cx - width * 0.9, y, cx + width * 0.9, y), fill=colors[3 + band], width=9)


def draw_painting(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, rng.random(), 8)
    for _ in range(26):
        x, y = rng.uniform(-0.1, 1.0) * w, rng.uniform(0, 1) * h
        length, angle = rng.uniform(0.15, 0.45) * w, rng.uniform(-0.6, 0.6)
        end = (x + length * math.cos(angle), y + length * math.sin(angle))
        draw.line((x, y, *end), fill=rng.choice(colors), width=rng.randint(18, 60))
    for _ in range(6):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.08) * w
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rng.choice(colors))


def draw_weaving(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    warp, weft = palette(rng, 0.55, 4), palette(rng, 0.95, 4)
    step = w // 16
    for i in range(0, w, step):
        draw.rectangle((i + 6, 0, i + step - 6, h), fill=warp[(i // step) % len(warp)])
    for row, j in enumerate(range(0, h, step)):
        color = weft[row % len(weft)]
        for column, i in enumerate(range(0, w, step)):
            if (row + column) % 2 == 0:
                draw.rectangle((i, j + 6, i + step, j + step - 6), fill=color)


def draw_origami(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.85, 8)
    points = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(14)]
    points += [(0, 0), (w, 0), (0, h), (w, h)]
    for _ in range(40):
        draw.polygon(rng.sample(points, 3), fill=rng.choice(colors))


def draw_calligraphy(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    ink = hsl(0.62, 0.4, 0.18)
    for line in range(3):
        baseline = h * (0.28 + line * 0.22)
        x = w * 0.08
        while x < w * 0.86:
            length, amplitude = w * rng.uniform(0.04, 0.09), h * rng.uniform(0.04, 0.1)
            stroke = [
                (x + t * length, baseline - amplitude * math.sin(t * 6))
                for t in (step / 23 for step in range(24))
            ]
            # A broad nib: the line swells and thins along the stroke.
            for index, (start, end) in enumerate(itertools.pairwise(stroke)):
                width = round(SUPERSAMPLE * (1.5 + 3.5 * abs(math.cos(index / 23 * 3))))
                draw.line((*start, *end), fill=ink, width=width)
            x += length + w * rng.uniform(0.01, 0.04)
    draw.rectangle((w * 0.84, h * 0.78, w * 0.92, h * 0.9), fill=hsl(0.0, 0.75, 0.45))


def draw_woodcarving(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    cx, cy = w * rng.uniform(0.35, 0.65), h * rng.uniform(0.4, 0.6)
    for ring in range(22, 0, -1):
        r = ring * w * 0.035
        lightness = 0.35 + 0.18 * (ring % 2) + rng.uniform(-0.03, 0.03)
        wobble = rng.uniform(0.85, 1.1)
        draw.ellipse(
            (cx - r, cy - r * wobble * 0.7, cx + r, cy + r * wobble * 0.7),
            fill=hsl(0.08, 0.55, lightness),
        )


def draw_jewelry(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.12, 5) + palette(rng, 0.5, 3)
    for strand in range(3):
        sag = h * (0.35 + strand * 0.18)
        for bead in range(22):
            t = bead / 21
            x = w * (0.05 + 0.9 * t)
            y = h * 0.08 + (sag - h * 0.08) * math.sin(math.pi * t)
            r = rng.uniform(12, 22) * SUPERSAMPLE / 2
            draw.ellipse((x - r, y - r, x + r, y + r), fill=rng.choice(colors))
            draw.ellipse((x - r * 0.35, y - r * 0.6, x, y - r * 0.25), fill=(255, 255, 240))


def draw_mosaic(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.5, 6) + palette(rng, 0.1, 3)
    tile = w // 20
    for j in range(0, h, tile):
        for i in range(0, w, tile):
            gap = 4 * SUPERSAMPLE // 3
            draw.rectangle(
                (i + gap, j + gap, i + tile - gap, j + tile - gap), fill=rng.choice(colors)
            )


def draw_embroidery(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.95, 4) + palette(rng, 0.35, 2)
    cell = w // 24
    for j in range(0, h, cell):
        for i in range(0, w, cell):
            cx, cy = (i - w / 2) / w, (j - h / 2) / h
            if math.sin(cx * 18) * math.cos(cy * 14) > 0.2 or abs(cx) + abs(cy) < 0.18:
                color = colors[(i // cell + j // cell) % len(colors)]
                draw.line((i + 6, j + 6, i + cell - 6, j + cell - 6), fill=color, width=9)
                draw.line((i + cell - 6, j + 6, i + 6, j + cell - 6), fill=color, width=9)


def draw_printmaking(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.6, 3) + palette(rng, 0.02, 2)
    for _ in range(7):
        x, y = rng.uniform(-0.1, 0.8) * w, rng.uniform(-0.1, 0.8) * h
        size = rng.uniform(0.2, 0.4) * w
        shape = rng.choice(("rectangle", "ellipse"))
        getattr(draw, shape)((x, y, x + size, y + size * 0.8), fill=rng.choice(colors))
    for y in range(0, h, 14 * SUPERSAMPLE):
        draw.line((0, y, w, y), fill=(250, 244, 230), width=2)


def draw_watercolor(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.55, 4) + palette(rng, 0.9, 3)
    for _ in range(16):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        rx, ry = rng.uniform(0.08, 0.22) * w, rng.uniform(0.08, 0.22) * h
        draw.ellipse((x - rx, y - ry, x + rx, y + ry), fill=rng.choice(colors))


def draw_sculpture(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    stone = palette(rng, 0.58, 5)
    draw.rectangle((w * 0.3, h * 0.82, w * 0.7, h), fill=hsl(0.1, 0.1, 0.35))
    y = h * 0.82
    for level in range(5):
        height = h * rng.uniform(0.1, 0.16)
        half = w * rng.uniform(0.06, 0.16) * (1.2 - level * 0.12)
        cx = w * 0.5 + rng.uniform(-30, 30) * SUPERSAMPLE
        shape = draw.ellipse if level % 2 else draw.rounded_rectangle
        shape((cx - half, y - height, cx + half, y), fill=stone[level])
        y -= height * 0.92


def draw_paper_flowers(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.93, 5) + palette(rng, 0.14, 2)
    for _ in range(9):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.05, 0.1) * w
        color = rng.choice(colors)
        for petal in range(6):
            angle = petal * math.pi / 3
            px, py = cx + r * math.cos(angle), cy + r * math.sin(angle)
            draw.ellipse((px - r * 0.6, py - r * 0.6, px + r * 0.6, py + r * 0.6), fill=color)
        draw.ellipse(
            (cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4), fill=hsl(0.13, 0.9, 0.55)
        )


def draw_stained_glass(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int) -> None:
    colors = palette(rng, 0.62, 4) + palette(rng, 0.0, 2) + palette(rng, 0.15, 2)
    xs = sorted(rng.uniform(0, w) for _ in range(5))
    ys = sorted(rng.uniform(0, h) for _ in range(3))
    columns, rows = [0, *xs, w], [0, *ys, h]
    for j in range(len(rows) - 1):
        for i in range(len(columns) - 1):
            box = (columns[i], rows[j], columns[i + 1], rows[j + 1])
            draw.rectangle(
                box, fill=rng.choice(colors), outline=(30, 30, 35), width=8 * SUPERSAMPLE
            )
    draw.ellipse(
        (w * 0.35, h * 0.2, w * 0.65, h * 0.8), outline=(30, 30, 35), width=8 * SUPERSAMPLE
    )


# One banner per craft; the seed_demo command refers to these file names.
CRAFTS: dict[str, tuple[Callable, Color, Color]] = {
    "pottery": (draw_pottery, hsl(0.08, 0.5, 0.85), hsl(0.06, 0.45, 0.65)),
    "painting": (draw_painting, (250, 248, 240), (236, 230, 215)),
    "weaving": (draw_weaving, (240, 232, 220), (220, 210, 195)),
    "origami": (draw_origami, hsl(0.85, 0.4, 0.85), hsl(0.6, 0.4, 0.8)),
    "calligraphy": (draw_calligraphy, (246, 238, 220), (234, 222, 196)),
    "woodcarving": (draw_woodcarving, hsl(0.08, 0.5, 0.5), hsl(0.07, 0.5, 0.4)),
    "jewelry": (draw_jewelry, hsl(0.7, 0.35, 0.25), hsl(0.7, 0.35, 0.12)),
    "mosaic": (draw_mosaic, (40, 40, 48), (30, 30, 36)),
    "embroidery": (draw_embroidery, (245, 240, 228), (232, 226, 210)),
    "printmaking": (draw_printmaking, (250, 244, 230), (240, 232, 214)),
    "watercolor": (draw_watercolor, (255, 255, 255), (244, 246, 250)),
    "sculpture": (draw_sculpture, hsl(0.58, 0.3, 0.88), hsl(0.58, 0.3, 0.7)),
    "paper-flowers": (draw_paper_flowers, hsl(0.35, 0.3, 0.85), hsl(0.35, 0.35, 0.72)),
    "stained-glass": (draw_stained_glass, (30, 30, 35), (30, 30, 35)),
}

# Portraits for the demo people: (file name, skin, hair, background hue).
PEOPLE: list[tuple[str, Color, Color, float]] = [
    ("maya-lindqvist", (241, 200, 170), (120, 70, 40), 0.55),
    ("tomas-okafor", (120, 80, 55), (25, 20, 20), 0.1),
    ("aiko-tanaka", (236, 205, 175), (20, 20, 30), 0.9),
    ("rafael-moreno", (200, 150, 110), (60, 40, 30), 0.3),
    ("priya-raman", (170, 120, 85), (30, 25, 25), 0.75),
    ("elsa-brandt", (248, 215, 190), (220, 180, 90), 0.45),
    ("kofi-mensah", (95, 62, 45), (15, 15, 15), 0.02),
    ("student", (225, 180, 140), (90, 55, 35), 0.6),
    ("admin", (210, 165, 125), (50, 50, 55), 0.2),
]


def banner(name: str, draw_craft: Callable, top: Color, bottom: Color) -> Image.Image:
    """The banner at BANNER_DRAWN, to be scaled down to each size it is shipped at."""
    rng = random.Random(name)
    size = BANNER_DRAWN
    image = gradient(size, top, bottom)
    draw_craft(ImageDraw.Draw(image), rng, *size)
    if name == "watercolor":
        image = image.filter(ImageFilter.GaussianBlur(12 * SUPERSAMPLE))
    return image


def portrait(name: str, skin: Color, hair: Color, hue: float) -> Image.Image:
    """The portrait at PORTRAIT_DRAWN, to be scaled down to each size it is shipped at."""
    rng = random.Random(name)
    w, h = PORTRAIT_DRAWN
    image = gradient((w, h), hsl(hue, 0.55, 0.75), hsl(hue, 0.55, 0.6))
    draw = ImageDraw.Draw(image)
    shirt = hsl(hue + 0.5, 0.5, 0.45)
    draw.ellipse((w * 0.12, h * 0.68, w * 0.88, h * 1.3), fill=shirt)
    draw.rectangle((w * 0.43, h * 0.55, w * 0.57, h * 0.74), fill=skin)
    long_hair = rng.random() < 0.5
    if long_hair:
        draw.rounded_rectangle((w * 0.26, h * 0.2, w * 0.74, h * 0.72), radius=w * 0.2, fill=hair)
    draw.ellipse((w * 0.3, h * 0.2, w * 0.7, h * 0.64), fill=skin)
    draw.chord((w * 0.28, h * 0.15, w * 0.72, h * 0.5), 180, 360, fill=hair)
    for eye in (0.42, 0.58):
        draw.ellipse((w * (eye - 0.02), h * 0.4, w * (eye + 0.02), h * 0.44), fill=(40, 30, 30))
    draw.arc(
        (w * 0.43, h * 0.45, w * 0.57, h * 0.56), 20, 160, fill=(150, 70, 60), width=round(w / 100)
    )
    return image


def save_with_copies(drawing: Image.Image, path: Path, size: tuple[int, int], largest: int) -> None:
    """The original at `size`, and the WebP copies of the ladder up to `largest` wide."""
    save(drawing.resize(size, Image.Resampling.LANCZOS), path)
    for width, content in webp_variants(drawing).items():
        if width <= largest:
            copy = path.with_name(variant_name(path.stem, width))
            copy.write_bytes(content)
            print(f"{copy.relative_to(OUT.parent.parent.parent)}: {len(content) // 1024} KB")


def save(image: Image.Image, path: Path) -> None:
    # Lower the quality only as far as needed to stay under the size budget.
    for quality in range(80, 30, -5):
        image.save(path, "WEBP", quality=quality, method=6)
        if path.stat().st_size <= MAX_BYTES:
            break
    print(f"{path.relative_to(OUT.parent.parent.parent)}: {path.stat().st_size // 1024} KB")


def main() -> None:
    (OUT / "people").mkdir(parents=True, exist_ok=True)
    for name, (draw_craft, top, bottom) in CRAFTS.items():
        drawing = banner(name, draw_craft, top, bottom)
        save_with_copies(drawing, OUT / f"{name}.webp", BANNER, BANNER_LARGEST)
    for name, skin, hair, hue in PEOPLE:
        drawing = portrait(name, skin, hair, hue)
        save_with_copies(drawing, OUT / "people" / f"{name}.webp", PORTRAIT, PORTRAIT_LARGEST)


if __name__ == "__main__":
    main()
