"""Class banner uploads, POST /api/images: real bytes made by Pillow, stored and read back."""

import importlib
import io
import os
import re
import struct
import zlib

import pytest
from django.apps import apps as django_apps
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import ExifTags, Image, ImageFilter

from classes.images import MAX_UPLOAD_BYTES
from testing.factories import ClassFactory

pytestmark = pytest.mark.django_db

STORED_URL = re.compile(r"/media/(classes/[0-9a-f]{32}\.(jpg|png|webp|gif))")
NOT_SIGNED_IN = {"message": "Authentication credentials were not provided."}


def image_bytes(image_format: str, size=(64, 48), mode="RGB", color="teal", **options) -> bytes:
    output = io.BytesIO()
    Image.new(mode, size, color).save(output, format=image_format, **options)
    return output.getvalue()


def photo_bytes(size: tuple[int, int]) -> bytes:
    """A phone-photo stand-in: smooth colour with grain, saved as a high-quality JPEG."""
    smooth = Image.merge(
        "RGB",
        (
            Image.linear_gradient("L").resize(size),
            Image.radial_gradient("L").resize(size),
            Image.effect_noise(size, 40).filter(ImageFilter.GaussianBlur(2)),
        ),
    )
    grain = Image.effect_noise(size, 25).convert("RGB")
    output = io.BytesIO()
    Image.blend(smooth, grain, 0.15).save(output, format="JPEG", quality=92)
    return output.getvalue()


def upload(client, content: bytes, name: str = "banner.png", content_type: str = "image/png"):
    file = SimpleUploadedFile(name, content, content_type=content_type)
    return client.post("/api/images", {"image": file}, format="multipart")


def stored(response) -> tuple[str, bytes]:
    """The storage name and content behind an accepted upload's display_url."""
    assert response.status_code == 200, response.json()
    body = response.json()
    match = STORED_URL.fullmatch(body["data"]["display_url"])
    assert match, body
    assert body == {"success": True, "data": {"display_url": match.group(0)}}
    with default_storage.open(match.group(1)) as file:
        return match.group(1), file.read()


def stored_names() -> set[str]:
    if not default_storage.exists("classes"):
        return set()
    return set(default_storage.listdir("classes")[1])


def refused(problem: str) -> dict:
    return {"success": False, "error": problem, "message": problem, "errors": {"image": [problem]}}


def png_claiming(width: int, height: int) -> bytes:
    """A PNG header announcing a huge image, without the data: what a decompression bomb
    looks like before anyone decodes it."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        checksum = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


@pytest.fixture
def instructor_client(client_as):
    return client_as("instructor")


class TestAcceptedImages:
    @pytest.mark.parametrize(
        "image_format, extension, content_type",
        [
            ("PNG", "png", "image/png"),
            ("JPEG", "jpg", "image/jpeg"),
            ("WEBP", "webp", "image/webp"),
            ("GIF", "gif", "image/gif"),
        ],
    )
    def test_each_accepted_format_is_stored_in_its_own_format(
        self, instructor_client, image_format, extension, content_type
    ):
        response = upload(
            instructor_client,
            image_bytes(image_format),
            name=f"banner.{extension}",
            content_type=content_type,
        )

        name, content = stored(response)
        assert name.endswith(f".{extension}")
        with Image.open(io.BytesIO(content)) as image:
            assert (image.format, image.size) == (image_format, (64, 48))

    def test_the_format_is_detected_from_the_bytes_not_the_name(self, instructor_client):
        response = upload(
            instructor_client, image_bytes("JPEG"), name="banner.gif", content_type="image/gif"
        )

        name, content = stored(response)
        assert name.endswith(".jpg")
        assert Image.open(io.BytesIO(content)).format == "JPEG"

    def test_an_admin_may_upload_too(self, client_as):
        name, content = stored(upload(client_as("admin"), image_bytes("PNG")))

        assert Image.open(io.BytesIO(content)).format == "PNG"

    def test_the_stored_image_is_served_under_media(self, instructor_client, api_client):
        response = upload(instructor_client, image_bytes("PNG"))
        name, content = stored(response)

        served = api_client.get(f"/media/{name}")

        assert served.status_code == 200
        assert served["Content-Type"] == "image/png"
        assert b"".join(served.streaming_content) == content

    def test_a_stored_image_may_be_cached_for_ever(self, instructor_client, api_client):
        # Every upload gets a new random name and is never rewritten in place.
        name, _ = stored(upload(instructor_client, image_bytes("PNG")))

        served = api_client.get(f"/media/{name}")

        assert served.status_code == 200
        assert served["Cache-Control"] == "max-age=31536000, public, immutable"

    def test_a_missing_image_is_not_cached(self, api_client):
        missing = api_client.get("/media/classes/0123456789abcdef0123456789abcdef.png")

        assert missing.status_code == 404
        assert "immutable" not in missing.get("Cache-Control", "")

    def test_every_upload_gets_a_new_name(self, instructor_client):
        first, _ = stored(upload(instructor_client, image_bytes("PNG")))
        second, _ = stored(upload(instructor_client, image_bytes("PNG")))

        assert first != second

    def test_exif_is_removed_after_turning_the_photo_upright(self, instructor_client):
        exif = Image.Exif()
        exif[ExifTags.Base.Orientation] = 6  # "rotate 90° clockwise to view"
        exif[ExifTags.Base.Make] = "Camp Camera Co"
        exif[ExifTags.Base.Artist] = "Maya Lindqvist"
        exif[ExifTags.Base.GPSInfo] = {ExifTags.GPS.GPSLatitudeRef: "N"}
        photo = image_bytes("JPEG", size=(80, 40), exif=exif, comment=b"shot at home")
        assert Image.open(io.BytesIO(photo)).getexif()[ExifTags.Base.Make] == "Camp Camera Co"

        name, content = stored(upload(instructor_client, photo, name="photo.jpg"))

        with Image.open(io.BytesIO(content)) as image:
            assert image.format == "JPEG"
            assert image.size == (40, 80)
            assert dict(image.getexif()) == {}
            assert "exif" not in image.info
            assert "comment" not in image.info
        assert b"Camp Camera Co" not in content
        assert b"shot at home" not in content

    @pytest.mark.parametrize("image_format", ["PNG", "WEBP"])
    def test_exif_is_removed_from_other_formats_too(self, instructor_client, image_format):
        exif = Image.Exif()
        exif[ExifTags.Base.Make] = "Camp Camera Co"
        original = image_bytes(image_format, exif=exif)
        assert Image.open(io.BytesIO(original)).getexif()[ExifTags.Base.Make] == "Camp Camera Co"

        name, content = stored(upload(instructor_client, original))

        assert dict(Image.open(io.BytesIO(content)).getexif()) == {}
        assert b"Camp Camera Co" not in content

    def test_data_hidden_after_the_image_is_not_kept(self, instructor_client):
        payload = b"<script>alert('hi')</script>"
        image = image_bytes("PNG")
        padding = b" " * (MAX_UPLOAD_BYTES - len(image) - len(payload))
        # Exactly 5 MB, the most that is accepted.
        name, content = stored(upload(instructor_client, image + padding + payload))

        assert payload not in content
        assert len(content) < 10_000

    def test_a_large_image_is_scaled_down_keeping_its_proportions(self, instructor_client):
        name, content = stored(upload(instructor_client, image_bytes("JPEG", size=(3000, 1500))))

        assert Image.open(io.BytesIO(content)).size == (1600, 800)

    def test_a_tall_image_is_scaled_down_by_its_height(self, instructor_client):
        name, content = stored(upload(instructor_client, image_bytes("PNG", size=(900, 2400))))

        assert Image.open(io.BytesIO(content)).size == (600, 1600)

    def test_an_image_of_1600_pixels_keeps_its_size(self, instructor_client):
        name, content = stored(upload(instructor_client, image_bytes("WEBP", size=(1600, 1600))))

        assert Image.open(io.BytesIO(content)).size == (1600, 1600)

    def test_a_multi_megabyte_phone_photo_is_stored_as_a_light_banner(self, instructor_client):
        original = photo_bytes((4000, 3000))
        assert len(original) > 2_000_000

        name, content = stored(upload(instructor_client, original, name="photo.jpg"))

        with Image.open(io.BytesIO(content)) as image:
            assert (image.format, image.size) == ("JPEG", (1600, 1200))
        assert len(content) < 300_000

    def test_a_transparent_palette_image_stays_transparent(self, instructor_client):
        original = image_bytes("PNG", size=(3000, 300), mode="P", color=0, transparency=0)

        name, content = stored(upload(instructor_client, original))

        with Image.open(io.BytesIO(content)) as image:
            assert image.size == (1600, 160)
            assert image.convert("RGBA").getpixel((0, 0))[3] == 0

    def test_an_animated_gif_keeps_its_first_frame_only(self, instructor_client):
        frames = [Image.new("RGB", (32, 32), color) for color in ("red", "lime", "blue")]
        output = io.BytesIO()
        frames[0].save(output, "GIF", save_all=True, append_images=frames[1:], duration=100)
        assert Image.open(io.BytesIO(output.getvalue())).n_frames == 3

        name, content = stored(upload(instructor_client, output.getvalue(), name="b.gif"))

        with Image.open(io.BytesIO(content)) as image:
            assert (image.format, image.n_frames) == ("GIF", 1)


class TestRefusedUploads:
    def test_a_text_file_named_png_is_not_an_image(self, instructor_client):
        response = upload(instructor_client, b"just some words, honestly", name="banner.png")

        assert response.status_code == 400
        assert response.json() == refused(
            "The file is not an image: upload a JPEG, PNG, WebP or GIF image."
        )

    def test_an_svg_is_refused(self, instructor_client):
        svg = (
            b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" '
            b'height="10"><script>alert(1)</script></svg>'
        )

        response = upload(instructor_client, svg, name="banner.svg", content_type="image/svg+xml")

        assert response.status_code == 400
        assert response.json() == refused(
            "SVG images are not accepted: upload a JPEG, PNG, WebP or GIF image."
        )

    @pytest.mark.parametrize("image_format", ["BMP", "TIFF"])
    def test_other_image_formats_are_refused_by_name(self, instructor_client, image_format):
        response = upload(instructor_client, image_bytes(image_format), name="banner.png")

        assert response.status_code == 400
        assert response.json() == refused(
            f"{image_format} images are not accepted: upload a JPEG, PNG, WebP or GIF image."
        )

    @pytest.mark.parametrize("image_format", ["JPEG", "PNG"])
    def test_a_truncated_image_is_refused(self, instructor_client, image_format):
        noise = Image.effect_noise((200, 200), 64).convert("RGB")
        output = io.BytesIO()
        noise.save(output, format=image_format)
        whole = output.getvalue()

        response = upload(instructor_client, whole[: len(whole) // 2], name="banner.jpg")

        assert response.status_code == 400
        assert response.json() == refused("The image is truncated or corrupt.")

    def test_an_image_just_over_5_mb_is_refused(self, instructor_client):
        image = image_bytes("PNG")
        padded = image + b"\0" * (MAX_UPLOAD_BYTES + 1 - len(image))

        response = upload(instructor_client, padded)

        assert response.status_code == 400
        assert response.json() == refused("The image is larger than 5 MB.")

    def test_a_large_noisy_photo_is_refused_before_it_is_read(self, instructor_client):
        side = 1500  # incompressible pixels: about 6.7 MB as PNG
        noise = Image.frombytes("RGB", (side, side), os.urandom(side * side * 3))
        output = io.BytesIO()
        noise.save(output, format="PNG", compress_level=1)
        assert len(output.getvalue()) > MAX_UPLOAD_BYTES

        response = upload(instructor_client, output.getvalue())

        assert response.status_code == 400
        assert response.json() == refused("The image is larger than 5 MB.")

    def test_a_small_file_with_too_many_pixels_is_refused(self, instructor_client):
        # 50 million pixels of one colour compress to a few kilobytes.
        bomb = image_bytes("PNG", size=(10_000, 5_001), mode="1", color=0)
        assert len(bomb) < 100_000

        response = upload(instructor_client, bomb)

        assert response.status_code == 400
        assert response.json() == refused("The image has too many pixels: at most 50 megapixels.")

    def test_a_decompression_bomb_is_refused_before_it_is_decoded(self, instructor_client):
        response = upload(instructor_client, png_claiming(30_000, 30_000))

        assert response.status_code == 400
        assert response.json() == refused("The image has too many pixels: at most 50 megapixels.")

    def test_a_missing_image_field_is_named(self, instructor_client):
        file = SimpleUploadedFile("banner.png", image_bytes("PNG"), content_type="image/png")

        response = instructor_client.post("/api/images", {"photo": file}, format="multipart")

        assert response.status_code == 400
        assert response.json() == refused("Choose an image to upload, in a field named image.")

    def test_an_image_field_that_is_not_a_file_is_missing(self, instructor_client):
        response = instructor_client.post(
            "/api/images", {"image": "https://example.test/a.png"}, format="multipart"
        )

        assert response.status_code == 400
        assert response.json() == refused("Choose an image to upload, in a field named image.")

    def test_a_json_body_is_not_an_upload(self, instructor_client):
        response = instructor_client.post("/api/images", {"image": "abc"}, format="json")

        assert response.status_code == 400
        assert response.json() == refused(
            "Send the image as multipart/form-data, in a field named image."
        )

    def test_a_student_uploads_a_profile_photo_the_same_way(self, client_as):
        response = upload(client_as("student"), image_bytes("PNG"))

        assert response.status_code == 200
        assert response.json()["success"] is True
        assert response.json()["data"]["display_url"].startswith("/media/classes/")

    def test_anonymous_is_asked_to_sign_in(self, client_as):
        response = upload(client_as("anonymous"), image_bytes("PNG"))

        assert response.status_code == 401
        assert response.json() == NOT_SIGNED_IN

    def test_nothing_is_stored_when_an_upload_is_refused(self, instructor_client, client_as):
        before = stored_names()

        upload(instructor_client, b"not an image")
        upload(client_as("anonymous"), image_bytes("PNG"))

        assert stored_names() == before


def test_an_upload_is_answered_as_a_path_on_this_site_whatever_the_host(instructor_client):
    through_testserver = upload(instructor_client, image_bytes("PNG"), "a.png")
    instructor_client.defaults["HTTP_HOST"] = "127.0.0.1"
    through_loopback = upload(instructor_client, image_bytes("PNG"), "b.png")

    for answer in (through_testserver, through_loopback):
        assert answer.json()["data"]["display_url"].startswith("/media/classes/")


@pytest.mark.parametrize(
    ("stored_url", "migrated"),
    [
        ("http://127.0.0.1:8000/media/classes/ab.png", "/media/classes/ab.png"),
        ("http://localhost:8000/media/classes/ab.png", "/media/classes/ab.png"),
        (
            "https://images.camp.test/media/classes/ab.png",
            "https://images.camp.test/media/classes/ab.png",
        ),
        ("http://127.0.0.1:8000/static/img/x.png", "http://127.0.0.1:8000/static/img/x.png"),
        ("/media/classes/ab.png", "/media/classes/ab.png"),
    ],
)
def test_existing_uploads_are_migrated_to_site_paths(stored_url, migrated):
    camp_class = ClassFactory(image=stored_url)
    migration = importlib.import_module("classes.migrations.0004_uploaded_images_by_site_path")

    migration.uploads_by_site_path(django_apps, None)

    camp_class.refresh_from_db()
    assert camp_class.image == migrated
