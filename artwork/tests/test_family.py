"""A child's pieces of artwork as their family, admins and their instructors see them; a family
taking its child off a piece (the last child gone, the piece and every stored file go, once
committed); the child's portfolio as a PDF, a page per piece. Who may call what is also
camp/tests/test_authorization_matrix.py's (another family and another instructor: 404)."""

import io
from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format
from pypdf import PdfReader

from artwork.files import picture_key_opens
from artwork.models import Artwork, ArtworkChild, Stage
from classes.models import ClassStatus
from testing.artwork import artwork_made, stored_names
from testing.factories import ChildFactory, ClassFactory, PaymentFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def _seated(family, child, camp_class):
    PaymentFactory(student=family, participant=child, camp_class=camp_class, status="enrolled")
    return child


@pytest.fixture
def summer():
    return a_season("Summer")


@pytest.fixture
def pottery(people, summer):
    return ClassFactory(
        name="Pottery", instructor=people["instructor"], status=ClassStatus.APPROVED, season=summer
    )


@pytest.fixture
def painting(people, summer):
    """Another instructor's class, that Mia takes too."""
    return ClassFactory(
        name="Painting",
        instructor=people["other instructor"],
        status=ClassStatus.APPROVED,
        season=summer,
    )


@pytest.fixture
def families(people, pottery, painting):
    """Ana's Mia, in both classes; Ben's Sam, in pottery."""
    ana, ben = people["student"], people["other student"]
    mia = _seated(ana, ChildFactory(account=ana, first_name="Mia"), pottery)
    _seated(ana, mia, painting)
    return {
        "ana": ana,
        "ben": ben,
        "mia": mia,
        "sam": _seated(ben, ChildFactory(account=ben, first_name="Sam"), pottery),
    }


def _day(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _pdf(response) -> PdfReader:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


class TestList:
    def test_the_family_sees_its_child_s_pieces_newest_first_with_class_and_season(
        self, client_as, families, pottery, painting, summer
    ):
        mia, sam = families["mia"], families["sam"]
        earlier = timezone.now() - timedelta(hours=2)
        bowl = artwork_made(pottery, [mia, sam], title="Blue bowl", created_at=earlier)
        sky = artwork_made(painting, [mia], title="Night sky", stage=Stage.READY)

        response = client_as("student").get(f"/api/participants/{mia.pk}/artworks")

        assert response.status_code == 200, response.json()
        body = response.json()
        assert [piece["id"] for piece in body] == [sky.pk, bowl.pk]
        picture = body[1].pop("picture")
        assert body[1] == {
            "id": bowl.pk,
            "classId": pottery.pk,
            "className": "Pottery",
            "seasonId": summer.pk,
            "seasonName": "Summer",
            "title": "Blue bowl",
            "stage": "in_progress",
            "takenOn": bowl.taken_on.isoformat(),
            "readyAt": None,
            "approvedAt": None,
            # Another family's child on the same piece is not named to this one.
            "participants": [{"id": mia.pk, "firstName": "Mia"}],
        }
        assert picture["width"] == 640 and picture["height"] == 480
        key = picture["src"].split("?key=")[1]
        assert picture_key_opens(key, artwork_id=bowl.pk)
        assert body[0]["stage"] == "ready" and body[0]["readyAt"]

    def test_admins_see_every_piece_and_every_child_on_it(self, client_as, families, pottery):
        mia, sam = families["mia"], families["sam"]
        artwork_made(pottery, [mia, sam], title="Blue bowl")

        [piece] = client_as("admin").get(f"/api/participants/{mia.pk}/artworks").json()

        assert {child["firstName"] for child in piece["participants"]} == {"Mia", "Sam"}

    def test_an_instructor_sees_only_the_pieces_of_the_classes_they_teach(
        self, client_as, families, pottery, painting
    ):
        mia = families["mia"]
        bowl = artwork_made(pottery, [mia], title="Blue bowl")
        sky = artwork_made(painting, [mia], title="Night sky")

        mine = client_as("instructor").get(f"/api/participants/{mia.pk}/artworks")
        theirs = client_as("other instructor").get(f"/api/participants/{mia.pk}/artworks")

        assert [piece["id"] for piece in mine.json()] == [bowl.pk]
        assert [piece["id"] for piece in theirs.json()] == [sky.pk]

    def test_another_family_and_another_class_s_instructor_are_refused(
        self, client_as, families, pottery, painting
    ):
        sam = families["sam"]
        artwork_made(pottery, [sam], title="Green cup")

        other_family = client_as("student").get(f"/api/participants/{sam.pk}/artworks")
        # The painting teacher teaches Mia, not Sam, and no piece of Sam's is of their class.
        other_teacher = client_as("other instructor").get(f"/api/participants/{sam.pk}/artworks")

        assert other_family.status_code == 404
        assert other_teacher.status_code == 404
        assert other_teacher.json()["message"] == "No such person."

    def test_one_season_s_pieces(self, client_as, families, pottery, people):
        mia = families["mia"]
        spring = a_season("Spring", starts_in_days=10, days=20)
        earlier = ClassFactory(
            name="Clay", instructor=people["instructor"], status=ClassStatus.APPROVED, season=spring
        )
        artwork_made(pottery, [mia], title="Blue bowl")
        pot = artwork_made(earlier, [mia], title="Pinch pot")

        response = client_as("student").get(
            f"/api/participants/{mia.pk}/artworks", {"seasonId": spring.pk}
        )

        assert [piece["id"] for piece in response.json()] == [pot.pk]

    def test_a_bad_season_id_is_named(self, client_as, families):
        response = client_as("student").get(
            f"/api/participants/{families['mia'].pk}/artworks", {"seasonId": "spring"}
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["seasonId"]


class TestTakingAChildOff:
    def test_the_family_takes_its_child_off_and_the_piece_stays_for_the_other(
        self, client_as, families, pottery, django_capture_on_commit_callbacks
    ):
        mia, sam = families["mia"], families["sam"]
        bowl = artwork_made(pottery, [mia, sam], title="Blue bowl")

        with django_capture_on_commit_callbacks(execute=True):
            response = client_as("student").delete(f"/api/participants/{mia.pk}/artworks/{bowl.pk}")

        assert response.status_code == 200
        assert response.json() == {"deletedCount": 1}
        assert list(
            ArtworkChild.objects.filter(artwork=bowl).values_list("participant", flat=True)
        ) == [sam.pk]
        assert len(stored_names(bowl)) == 1 + len(bowl.widths)
        assert client_as("student").get(f"/api/participants/{mia.pk}/artworks").json() == []

    def test_the_last_child_off_deletes_the_piece_and_every_file_once_committed(
        self, client_as, families, pottery, django_capture_on_commit_callbacks
    ):
        mia = families["mia"]
        bowl = artwork_made(pottery, [mia], title="Blue bowl")
        assert len(stored_names(bowl)) == 4  # the JPEG and the 320, 480 and 640 copies

        with django_capture_on_commit_callbacks() as on_commit:
            response = client_as("student").delete(f"/api/participants/{mia.pk}/artworks/{bowl.pk}")

            assert response.status_code == 200
            assert not Artwork.objects.filter(pk=bowl.pk).exists()
            # Not yet committed: the files are there still.
            assert len(stored_names(bowl)) == 4
        for callback in on_commit:
            callback()

        assert stored_names(bowl) == []

    def test_an_admin_may_take_a_child_off(self, client_as, families, pottery):
        mia = families["mia"]
        bowl = artwork_made(pottery, [mia])

        response = client_as("admin").delete(f"/api/participants/{mia.pk}/artworks/{bowl.pk}")

        assert response.status_code == 200
        assert response.json() == {"deletedCount": 1}
        assert not Artwork.objects.filter(pk=bowl.pk).exists()

    def test_another_family_s_child_or_a_piece_the_child_is_not_on_is_not_found(
        self, client_as, families, pottery
    ):
        mia, sam = families["mia"], families["sam"]
        cup = artwork_made(pottery, [sam], title="Green cup")

        theirs = client_as("student").delete(f"/api/participants/{sam.pk}/artworks/{cup.pk}")
        not_on = client_as("student").delete(f"/api/participants/{mia.pk}/artworks/{cup.pk}")
        teacher = client_as("instructor").delete(f"/api/participants/{sam.pk}/artworks/{cup.pk}")

        assert theirs.status_code == 404
        assert not_on.status_code == 404
        assert not_on.json()["message"] == "No such piece of artwork."
        assert teacher.status_code == 403
        assert ArtworkChild.objects.filter(artwork=cup, participant=sam).exists()


class TestPortfolio:
    def test_a_cover_then_a_page_per_piece_with_its_title_class_day_and_picture(
        self, client_as, families, pottery, painting
    ):
        mia = families["mia"]
        earlier = timezone.now() - timedelta(days=3)
        bowl = artwork_made(
            pottery,
            [mia],
            title="Blue bowl",
            created_at=earlier,
            taken_on=(earlier).date(),
        )
        sky = artwork_made(painting, [mia], title="Night sky")

        pdf = _pdf(client_as("student").get(f"/api/participants/{mia.pk}/portfolio.pdf"))

        assert len(pdf.pages) == 3
        cover = pdf.pages[0].extract_text()
        assert "Mia's portfolio" in cover and "Every season" in cover and "2 pieces" in cover
        for page, piece in zip(pdf.pages[1:], (bowl, sky), strict=True):
            text = page.extract_text()
            assert piece.title in text
            assert piece.camp_class.name in text
            assert _day(piece.taken_on) in text
            assert len(page.images) == 1

    @pytest.mark.parametrize("reader", ["student", "admin"])
    def test_a_spanish_reading_family_s_portfolio_is_in_spanish_whoever_prints_it(
        self, client_as, families, pottery, reader
    ):
        families["ana"].language = "es"
        families["ana"].save(update_fields=["language"])
        mia = families["mia"]
        bowl = artwork_made(pottery, [mia], title="Blue bowl")
        artwork_made(pottery, [mia], title="")

        pdf = _pdf(client_as(reader).get(f"/api/participants/{mia.pk}/portfolio.pdf"))

        cover, *pages = (page.extract_text() for page in pdf.pages)
        assert "Portafolio de Mia" in cover
        assert "Todas las temporadas" in cover and "2 obras" in cover and "Hecho el " in cover
        with translation.override("es"):
            taken_on = date_format(bowl.taken_on, "j \\d\\e F \\d\\e Y")
        assert taken_on in pages[0] and "Blue bowl" in pages[0]
        assert "Sin título" in pages[1] and "página 3" in pages[1]
        for english in ("portfolio", "Every season", "pieces", "Made on", "Untitled", "page"):
            assert english not in "".join([cover, *pages])

    def test_one_season_s_portfolio_names_the_season(self, client_as, families, pottery, summer):
        mia = families["mia"]
        artwork_made(pottery, [mia], title="Blue bowl")

        pdf = _pdf(
            client_as("student").get(
                f"/api/participants/{mia.pk}/portfolio.pdf", {"seasonId": summer.pk}
            )
        )

        assert "Summer" in pdf.pages[0].extract_text()
        assert len(pdf.pages) == 2

    def test_an_admin_may_download_it(self, client_as, families, pottery):
        mia = families["mia"]
        artwork_made(pottery, [mia], title="Blue bowl")

        assert (
            len(_pdf(client_as("admin").get(f"/api/participants/{mia.pk}/portfolio.pdf")).pages)
            == 2
        )

    def test_another_family_is_not_found_and_an_unknown_season_either(
        self, client_as, families, pottery, summer
    ):
        sam = families["sam"]
        artwork_made(pottery, [sam], title="Green cup")

        other = client_as("student").get(f"/api/participants/{sam.pk}/portfolio.pdf")
        unknown = client_as("other student").get(
            f"/api/participants/{sam.pk}/portfolio.pdf", {"seasonId": summer.pk + 1000}
        )

        assert other.status_code == 404
        assert unknown.status_code == 404
        assert unknown.json()["message"] == "No such season."
