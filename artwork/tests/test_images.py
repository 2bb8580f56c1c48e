"""A photograph of a piece as it is kept: read by its content, upright, in sRGB, without a trace
of its EXIF (GPS above all), XMP or comments, in every size; read back with Pillow from the
storage itself. Refused files name `file`; every stored size goes with its piece."""

import io
import os

import pytest
from django.conf import settings
from django.db import transaction
from django.test import override_settings
from PIL import Image

from artwork.files import ORIGINAL, artwork_storage, copy_name, picture_names
from artwork.images import pictures_delete
from artwork.models import Artwork
from testing.artwork import (
    GPS_IFD,
    artwork_photographed,
    phone_exif,
    photo_bytes,
    swapped_primaries_profile,
)

pytestmark = pytest.mark.django_db

NOT_AN_IMAGE = "The file is not an image: upload a JPEG, PNG, WebP or HEIC image."
RED, BLUE, WHITE = (255, 0, 0), (0, 0, 255), (255, 255, 255)


def halves(size: tuple[int, int], left, right) -> Image.Image:
    """A picture whose left half is `left` and right half `right`: which way up it is shows."""
    image = Image.new("RGB", size, right)
    image.paste(left, (0, 0, size[0] // 2, size[1]))
    return image


def saved(image: Image.Image, image_format: str = "JPEG", **options) -> bytes:
    output = io.BytesIO()
    image.save(output, format=image_format, **options)
    return output.getvalue()


def stored_files(artwork: Artwork) -> dict[str, bytes]:
    """Every file of the piece, by name, as the storage has it."""
    files = {}
    for name in picture_names(image_stem=artwork.image_stem, widths=artwork.widths):
        with artwork_storage().open(name, "rb") as stored:
            files[name.rsplit("/", 1)[1]] = stored.read()
    return files


def opened(content: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(content))
    image.load()
    return image


def close_to(pixel, color, tolerance: int = 24) -> bool:
    return all(abs(got - wanted) <= tolerance for got, wanted in zip(pixel, color, strict=True))


def refused(response, message: str) -> None:
    assert response.status_code == 400, response.content[:300]
    assert response.json() == {
        "message": "Please check these fields: file.",
        "errors": {"file": [message]},
    }


def artwork_files() -> set[str]:
    return set(os.listdir(settings.ARTWORK_ROOT))


class TestWhatIsKept:
    def test_a_phone_s_jpeg_loses_its_gps_exif_xmp_and_comment_in_every_stored_size(
        self, photograph
    ):
        photo = saved(
            halves((1000, 700), RED, BLUE),
            exif=phone_exif().tobytes(),
            comment=b"Taken at 12 Elm Street",
            xmp=b"<x:xmpmeta><photoshop:City>Springfield</photoshop:City></x:xmpmeta>",
        )
        assert opened(photo).getexif().get_ifd(GPS_IFD)

        response = photograph(content=photo)

        assert response.status_code == 201, response.json()
        files = stored_files(Artwork.objects.get())
        assert list(files) == [ORIGINAL, *(copy_name(width) for width in (320, 480, 640, 960))]
        for name, content in files.items():
            image = opened(content)
            assert image.format == ("JPEG" if name == ORIGINAL else "WEBP"), name
            assert dict(image.getexif()) == {}, name
            assert image.getexif().get_ifd(GPS_IFD) == {}, name
            assert not {"exif", "xmp", "comment", "icc_profile"} & set(image.info), name
            for trace in (b"Exif", b"iPhone", b"Apple", b"Elm Street", b"Springfield"):
                assert trace not in content, (name, trace)

    def test_the_picture_is_turned_upright_as_its_exif_says(self, photograph):
        # Orientation 6: the camera was held turned; shown upright, the left half is on top.
        photo = saved(halves((1000, 700), RED, BLUE), exif=phone_exif(orientation=6).tobytes())

        response = photograph(content=photo)

        assert response.status_code == 201, response.json()
        artwork = Artwork.objects.get()
        assert (artwork.width, artwork.height) == (700, 1000)
        assert artwork.widths == [320, 480, 640]
        for name, content in stored_files(artwork).items():
            image = opened(content).convert("RGB")
            assert image.width < image.height, name
            assert close_to(image.getpixel((image.width // 2, 5)), RED), name
            assert close_to(image.getpixel((image.width // 2, image.height - 5)), BLUE), name

    def test_a_large_photograph_is_kept_at_2560_pixels_at_most(self, photograph):
        response = photograph(content=photo_bytes((4000, 3000)))

        assert response.status_code == 201, response.json()
        artwork = Artwork.objects.get()
        assert (artwork.width, artwork.height) == (2560, 1920)
        assert opened(stored_files(artwork)[ORIGINAL]).size == (2560, 1920)
        assert artwork.widths == [320, 480, 640, 960, 1280]

    def test_colours_are_converted_to_srgb_by_the_photograph_s_profile(self, photograph):
        # Red in a profile whose red is sRGB's green: as a browser shows the photograph, green.
        photo = photo_bytes((400, 300), color=RED, icc_profile=swapped_primaries_profile())

        response = photograph(content=photo)

        assert response.status_code == 201, response.json()
        for name, content in stored_files(Artwork.objects.get()).items():
            assert close_to(opened(content).convert("RGB").getpixel((200, 150)), (0, 255, 0)), name

    def test_a_png_with_transparency_is_kept_on_white(self, photograph):
        drawing = Image.new("RGBA", (400, 300), (0, 0, 0, 0))
        drawing.paste((255, 0, 0, 255), (200, 0, 400, 300))

        response = photograph(content=saved(drawing, "PNG"), name="drawing.png")

        assert response.status_code == 201, response.json()
        for name, content in stored_files(Artwork.objects.get()).items():
            image = opened(content)
            assert image.mode == "RGB", name
            assert close_to(image.getpixel((10, 150)), WHITE), name
            assert close_to(image.getpixel((image.width - 10, 150)), RED), name

    def test_an_iphone_s_heic_is_taken_and_kept_as_jpeg_and_webp_without_its_exif(self, photograph):
        heic = saved(halves((800, 600), RED, BLUE), "HEIF", exif=phone_exif().tobytes())
        assert opened(heic).format == "HEIF"

        response = photograph(content=heic, name="IMG_0001.HEIC")

        assert response.status_code == 201, response.json()
        artwork = Artwork.objects.get()
        assert (artwork.width, artwork.height) == (800, 600)
        for name, content in stored_files(artwork).items():
            assert dict(opened(content).getexif()) == {}, name
            assert b"iPhone" not in content, name

    def test_a_webp_is_taken(self, photograph):
        response = photograph(content=photo_bytes((500, 400), image_format="WEBP"), name="p.webp")

        assert response.status_code == 201, response.json()
        assert Artwork.objects.get().widths == [320, 480]


class TestWhatIsRefused:
    def test_a_file_named_jpg_that_is_not_an_image_is_refused_and_nothing_is_kept(self, photograph):
        before = artwork_files()

        response = photograph(content=b"<?php system($_GET['c']); ?>", name="pot.jpg")

        refused(response, NOT_AN_IMAGE)
        assert not Artwork.objects.exists()
        assert artwork_files() == before

    def test_an_svg_is_refused_saying_what_is_accepted(self, photograph):
        svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'

        refused(
            photograph(content=svg, name="pot.jpg"),
            "SVG images are not accepted: upload a JPEG, PNG, WebP or HEIC image.",
        )

    def test_a_gif_is_refused_saying_what_is_accepted(self, photograph):
        refused(
            photograph(content=photo_bytes((40, 30), image_format="GIF"), name="pot.gif"),
            "GIF images are not accepted: upload a JPEG, PNG, WebP or HEIC image.",
        )

    def test_a_truncated_jpeg_is_refused(self, photograph):
        photo = photo_bytes((800, 600), exif=phone_exif())

        refused(photograph(content=photo[: len(photo) // 2]), "The image is truncated or corrupt.")

    @override_settings(ARTWORK_MAX_BYTES=1024 * 1024)
    @pytest.mark.parametrize("size", [1024 * 1024 + 1, 2 * 1024 * 1024])
    def test_a_file_larger_than_the_limit_is_refused(self, photograph, size):
        # Just over: the upload's size says so; far over: the request's declared length does,
        # before the body is read.
        content = b"\xff\xd8\xff" + bytes(size - 3)

        refused(photograph(content=content), "The image is larger than 1 MB.")

    def test_a_picture_of_too_many_pixels_is_refused_before_it_is_decoded(self, photograph):
        # Small as a file, 56 million pixels decoded.
        bomb = photo_bytes((8000, 7000), image_format="PNG", mode="1", color=0)

        refused(
            photograph(content=bomb, name="bomb.png"),
            "The image has too many pixels: at most 50 megapixels.",
        )

    def test_no_file_is_refused_naming_file(self, client_as, pottery):
        response = client_as("instructor").post(
            f"/api/classes/{pottery.pk}/artworks", {"clientId": "no-file"}, format="multipart"
        )

        refused(response, "No file was submitted.")


class TestDeleting:
    def test_pictures_delete_removes_every_size_and_its_folder(self, pottery):
        artwork = artwork_photographed(pottery)
        assert len(stored_files(artwork)) == 1 + len(artwork.widths) > 1

        pictures_delete(artwork)

        names = picture_names(image_stem=artwork.image_stem, widths=artwork.widths)
        assert not any(artwork_storage().exists(name) for name in names)
        assert artwork.image_stem not in artwork_files()

    def test_a_deleted_piece_s_files_go_once_the_deletion_is_committed(
        self, pottery, django_capture_on_commit_callbacks
    ):
        artwork = artwork_photographed(pottery)
        names = picture_names(image_stem=artwork.image_stem, widths=artwork.widths)

        with django_capture_on_commit_callbacks(execute=True):
            Artwork.objects.get(pk=artwork.pk).delete()
            assert all(artwork_storage().exists(name) for name in names)

        assert not any(artwork_storage().exists(name) for name in names)

    def test_a_deletion_rolled_back_keeps_the_files(
        self, pottery, django_capture_on_commit_callbacks
    ):
        artwork = artwork_photographed(pottery)
        names = picture_names(image_stem=artwork.image_stem, widths=artwork.widths)

        with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
            Artwork.objects.get(pk=artwork.pk).delete()
            transaction.set_rollback(True)

        assert all(artwork_storage().exists(name) for name in names)
