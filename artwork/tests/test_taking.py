"""A class's instructor photographs a piece at the class (maybe from a phone's offline queue,
sent more than once) and tags the children who made it, from the roster; the class's pieces a
day are limited; the class's staff list them, title, retag and move them through their stages;
their pictures open with the key handed out with them, or for a piece in the public gallery.
Who may call what is camp/tests/test_authorization_matrix.py's."""

import os
import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from artwork.files import (
    KEY_MAX_AGE_SECONDS,
    ORIGINAL,
    artwork_storage,
    picture_key,
    picture_key_opens,
)
from artwork.models import Artwork, ArtworkChild, Stage
from artwork.selectors.gallery import artwork_is_public
from care.models import CareRecord
from core.pictures import SIZES
from core.school_time import school_timezone, school_today
from enrolments.services import seat_give_back
from testing.artwork import artwork_photographed, photo_bytes
from testing.care import care_completed
from testing.factories import ChildFactory, ClassFactory

pytestmark = pytest.mark.django_db

KEYED = re.compile(r"\?key=([^&]+)")


def piece(artwork: Artwork, *, children, key: str, **changed) -> dict:
    """The piece as its staff and families read it, its picture's addresses with `key`."""
    base = f"/api/artworks/{artwork.pk}/images/"
    widths = artwork.widths
    season = artwork.camp_class.season
    return {
        "id": artwork.pk,
        "classId": artwork.camp_class_id,
        "className": artwork.camp_class.name,
        "seasonId": season.pk,
        "seasonName": season.name,
        "title": artwork.title,
        "stage": artwork.stage,
        "takenOn": school_today().isoformat(),
        "readyAt": None,
        "approvedAt": None,
        "participants": [{"id": child.pk, "firstName": child.first_name} for child in children],
        "picture": {
            "src": f"{base}{widths[-1]}w.webp?key={key}",
            "srcset": ", ".join(f"{base}{width}w.webp?key={key} {width}w" for width in widths),
            "sizes": SIZES["artwork"],
            "width": artwork.width,
            "height": artwork.height,
            "download": f"{base}{ORIGINAL}?key={key}&download=1",
        },
        **changed,
    }


def key_of(answer: dict) -> str:
    return KEYED.search(answer["picture"]["src"]).group(1)


def stems() -> set[str]:
    return set(os.listdir(settings.ARTWORK_ROOT))


class TestPhotographing:
    def test_the_class_s_instructor_photographs_a_piece_and_tags_children(
        self, photograph, families, people
    ):
        response = photograph(families["mia"], families["leo"], title="Coil pot")

        assert response.status_code == 201, response.json()
        artwork = Artwork.objects.get()
        answer = response.json()
        assert answer == piece(
            artwork, children=[families["leo"], families["mia"]], key=key_of(answer)
        )
        assert picture_key_opens(key_of(answer), artwork_id=artwork.pk)
        assert (artwork.taken_by, artwork.taken_on, artwork.stage) == (
            people["instructor"],
            school_today(),
            Stage.IN_PROGRESS,
        )
        assert artwork.stored_bytes == sum(
            artwork_storage().size(f"{artwork.image_stem}/{name}")
            for name in [ORIGINAL, *(f"{width}w.webp" for width in artwork.widths)]
        )

    def test_children_may_be_sent_as_one_comma_separated_field_or_none_at_all(
        self, photograph, families
    ):
        both = photograph(participantIds=f"{families['mia'].pk},{families['sam'].pk}")
        none = photograph()

        assert both.status_code == none.status_code == 201, (both.json(), none.json())
        assert [child["firstName"] for child in both.json()["participants"]] == ["Mia", "Sam"]
        assert none.json()["participants"] == []

    def test_a_piece_photographed_ready_is_ready_from_now(self, photograph):
        response = photograph(stage="ready")

        assert response.status_code == 201, response.json()
        assert Artwork.objects.get().ready_at is not None
        assert response.json()["readyAt"] is not None

    def test_an_admin_photographs_at_any_class(self, photograph, families):
        response = photograph(families["mia"], who="admin")

        assert response.status_code == 201, response.json()

    def test_another_class_s_instructor_is_refused_and_nothing_is_stored(
        self, photograph, families
    ):
        before = stems()

        response = photograph(families["mia"], who="other instructor")

        assert response.status_code == 404
        assert response.json() == {"message": "No such class."}
        assert not Artwork.objects.exists()
        assert stems() == before

    def test_a_family_is_refused(self, photograph, families):
        response = photograph(families["mia"], who="student")

        assert response.status_code == 403
        assert response.json() == {"message": "Only instructors and admins may do this."}

    def test_a_child_not_on_the_roster_is_refused_naming_participant_ids(
        self, photograph, families, people
    ):
        elsewhere = ChildFactory(account=people["student"], first_name="Noa")
        seat_give_back(enrolment_id=families["leo"].enrolments.get().pk, reason="Moved away.")
        before = stems()

        response = photograph(families["mia"], elsewhere, families["leo"])

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: participantIds.",
            "errors": {
                "participantIds": [
                    f"Not on this class's roster: {elsewhere.pk}, {families['leo'].pk}. Choose "
                    "children who hold a seat in the class."
                ]
            },
        }
        assert not Artwork.objects.exists()
        assert stems() == before

    def test_an_unknown_stage_is_refused(self, photograph):
        response = photograph(stage="glazed")

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "stage": ["Choose in progress, drying, firing or ready."]
        }


class TestSentAgain:
    def test_a_photograph_sent_twice_is_one_piece_answered_200_the_second_time(
        self, photograph, families
    ):
        first = photograph(families["mia"], clientId="phone-1-photo-7")
        stored = stems()

        again = photograph(families["mia"], families["leo"], clientId="phone-1-photo-7")

        assert (first.status_code, again.status_code) == (201, 200), again.json()
        assert again.json()["id"] == first.json()["id"]
        assert again.json()["participants"] == first.json()["participants"]
        assert Artwork.objects.count() == 1
        assert stems() == stored

    def test_another_person_s_client_id_is_refused(self, photograph, families):
        photograph(families["mia"], clientId="phone-1-photo-7")

        response = photograph(families["mia"], who="admin", clientId="phone-1-photo-7")

        assert response.status_code == 409
        assert response.json() == {
            "message": "This photograph's id is already used by another photograph."
        }
        assert Artwork.objects.count() == 1

    def test_the_same_client_id_at_another_class_is_refused(self, photograph, people):
        painting = ClassFactory(instructor=people["instructor"])
        photograph(clientId="phone-1-photo-7")

        response = photograph(camp_class=painting, clientId="phone-1-photo-7")

        assert response.status_code == 409
        assert Artwork.objects.count() == 1


class TestDayLimits:
    @override_settings(ARTWORK_DAILY_COUNT=2)
    def test_a_class_photographs_so_many_pieces_a_day_and_more_the_next(
        self, photograph, pottery, people
    ):
        assert [photograph().status_code for _ in range(2)] == [201, 201]
        # Another class's day is its own.
        other = ClassFactory(instructor=people["instructor"])
        assert photograph(camp_class=other).status_code == 201
        before = stems()

        response = photograph()

        assert response.status_code == 429
        body = response.json()
        assert body["code"] == "artwork_daily_count"
        assert body["message"].startswith(
            "Pottery has photographed 2 pieces today, the most a class may in a day."
        )
        assert int(response["Retry-After"]) > 0
        assert stems() == before
        with time_machine.travel(timezone.now() + timedelta(days=1)):
            assert photograph().status_code == 201

    def test_a_class_stores_so_many_bytes_a_day_and_a_piece_past_them_leaves_no_file(
        self, photograph
    ):
        photo = photo_bytes((2400, 1800))
        first = photograph(content=photo)
        stored = Artwork.objects.get().stored_bytes
        before = stems()

        # Room for half the same photograph again: the limit counts what is stored.
        with override_settings(ARTWORK_DAILY_BYTES=stored + stored // 2):
            response = photograph(content=photo)

        assert first.status_code == 201, first.json()
        assert response.status_code == 429, response.json()
        assert response.json()["code"] == "artwork_daily_bytes"
        assert Artwork.objects.count() == 1
        assert stems() == before


class TestListing:
    def test_the_class_s_pieces_newest_first(self, client_as, photograph, families, pottery):
        first = photograph(families["mia"], title="Bowl").json()
        second = photograph(families["sam"], title="Vase").json()
        artwork_photographed(ClassFactory(), title="Elsewhere")

        response = client_as("instructor").get(f"/api/classes/{pottery.pk}/artworks")

        assert response.status_code == 200
        assert [row["id"] for row in response.json()] == [second["id"], first["id"]]
        newest = Artwork.objects.get(pk=second["id"])
        assert response.json()[0] == piece(
            newest, children=[families["sam"]], key=key_of(response.json()[0])
        )

    def test_another_instructor_finds_no_such_class(self, client_as, pottery):
        response = client_as("other instructor").get(f"/api/classes/{pottery.pk}/artworks")

        assert response.status_code == 404
        assert response.json() == {"message": "No such class."}


class TestChanging:
    @pytest.fixture
    def bowl(self, photograph, families) -> Artwork:
        response = photograph(families["mia"], families["leo"], title="Bowl")
        return Artwork.objects.get(pk=response.json()["id"])

    def change(self, client_as, bowl, who="instructor", **body):
        return client_as(who).patch(f"/api/artworks/{bowl.pk}", body, format="json")

    def test_its_title_changes_alone(self, client_as, bowl, families):
        response = self.change(client_as, bowl, title="Coil bowl")

        assert response.status_code == 200, response.json()
        bowl.refresh_from_db()
        assert response.json() == piece(
            bowl,
            children=[families["leo"], families["mia"]],
            key=key_of(response.json()),
            title="Coil bowl",
        )

    def test_marked_ready_it_is_ready_from_now_and_moved_back_its_families_are_told_again(
        self, client_as, bowl
    ):
        ready = self.change(client_as, bowl, stage="ready")
        bowl.refresh_from_db()
        told = timezone.now()
        bowl.children.update(told_new_at=told, told_ready_at=told)

        assert ready.status_code == 200, ready.json()
        assert bowl.stage == Stage.READY and bowl.ready_at is not None
        assert ready.json()["readyAt"] == bowl.ready_at.astimezone(school_timezone()).isoformat()

        back = self.change(client_as, bowl, stage="firing")

        assert back.status_code == 200, back.json()
        bowl.refresh_from_db()
        assert (bowl.stage, bowl.ready_at, back.json()["readyAt"]) == (Stage.FIRING, None, None)
        assert set(bowl.children.values_list("told_new_at", "told_ready_at")) == {(told, None)}

    def test_its_children_are_replaced_keeping_what_those_staying_were_told(
        self, client_as, bowl, families
    ):
        told = timezone.now()
        bowl.children.update(told_new_at=told)

        response = self.change(
            client_as, bowl, participantIds=[families["mia"].pk, families["sam"].pk]
        )

        assert response.status_code == 200, response.json()
        assert response.json()["participants"] == [
            {"id": families["mia"].pk, "firstName": "Mia"},
            {"id": families["sam"].pk, "firstName": "Sam"},
        ]
        assert dict(bowl.children.values_list("participant__first_name", "told_new_at")) == {
            "Mia": told,
            "Sam": None,
        }

    def test_a_child_who_left_the_class_stays_tagged_but_none_off_the_roster_is_added(
        self, client_as, bowl, families, people
    ):
        seat_give_back(enrolment_id=families["leo"].enrolments.get().pk, reason="Moved away.")
        stranger = ChildFactory(account=people["other student"])

        kept = self.change(client_as, bowl, participantIds=[families["leo"].pk])
        refused = self.change(client_as, bowl, participantIds=[families["leo"].pk, stranger.pk])

        assert kept.status_code == 200, kept.json()
        assert refused.status_code == 400
        assert list(refused.json()["errors"]) == ["participantIds"]
        assert list(ArtworkChild.objects.values_list("participant", flat=True)) == [
            families["leo"].pk
        ]

    def test_another_instructor_finds_no_such_piece(self, client_as, bowl):
        response = self.change(client_as, bowl, who="other instructor", title="Mine")

        assert response.status_code == 404
        assert response.json() == {"message": "No such piece."}
        bowl.refresh_from_db()
        assert bowl.title == "Bowl"


class TestPictures:
    @pytest.fixture
    def bowl(self, pottery, families) -> Artwork:
        return artwork_photographed(pottery, children=[families["mia"]], title="Blue bowl")

    def test_a_key_opens_each_of_its_files_privately(self, api_client, bowl):
        key = picture_key(bowl.pk)
        copy = f"{bowl.widths[0]}w.webp"

        response = api_client.get(f"/api/artworks/{bowl.pk}/images/{copy}?key={key}")

        assert response.status_code == 200
        assert response["Content-Type"] == "image/webp"
        assert response["Cache-Control"] == f"private, max-age={KEY_MAX_AGE_SECONDS}"
        with artwork_storage().open(f"{bowl.image_stem}/{copy}") as stored:
            assert b"".join(response.streaming_content) == stored.read()

    def test_download_gives_the_jpeg_as_an_attachment(self, api_client, bowl):
        key = picture_key(bowl.pk)

        response = api_client.get(f"/api/artworks/{bowl.pk}/images/{ORIGINAL}?key={key}&download=1")

        assert response.status_code == 200
        assert response["Content-Type"] == "image/jpeg"
        assert response["Content-Disposition"] == (
            f'attachment; filename="blue-bowl-{bowl.pk}.jpg"'
        )

    @pytest.mark.parametrize("asked", ["", "?key=", "?key=not-a-key", "?key={other}"])
    def test_without_a_key_to_this_piece_it_is_not_found(self, api_client, bowl, pottery, asked):
        other = artwork_photographed(pottery)
        query = asked.format(other=picture_key(other.pk))

        response = api_client.get(f"/api/artworks/{bowl.pk}/images/{ORIGINAL}{query}")

        assert response.status_code == 404
        assert response.json() == {"message": "No such piece."}

    @pytest.mark.parametrize("name", ["4000w.webp", "original.png", "..%2Foriginal.jpg"])
    def test_a_name_that_is_none_of_its_files_is_not_found(self, api_client, bowl, name):
        key = picture_key(bowl.pk)

        response = api_client.get(f"/api/artworks/{bowl.pk}/images/{name}?key={key}")

        assert response.status_code == 404

    def test_a_key_expires(self, api_client, bowl):
        key = picture_key(bowl.pk)

        with time_machine.travel(timedelta(seconds=KEY_MAX_AGE_SECONDS + 60)):
            response = api_client.get(f"/api/artworks/{bowl.pk}/images/{ORIGINAL}?key={key}")

        assert response.status_code == 404

    def test_a_piece_in_the_public_gallery_opens_to_anyone_asked_again_each_time(
        self, api_client, bowl, families, people
    ):
        care_completed(families["mia"], photo_consent=True)
        Artwork.objects.filter(pk=bowl.pk).update(
            approved_at=timezone.now(), approved_by=people["admin"]
        )

        response = api_client.get(f"/api/artworks/{bowl.pk}/images/{ORIGINAL}")
        again = api_client.get(
            f"/api/artworks/{bowl.pk}/images/{ORIGINAL}", HTTP_IF_NONE_MATCH=response["ETag"]
        )

        assert response.status_code == 200
        assert response["Cache-Control"] == "no-cache"
        assert again.status_code == 304


class TestPublicGallery:
    """`artwork_is_public`: approved, with a child tagged, and every child tagged consenting."""

    @pytest.fixture
    def approved(self, pottery, people):
        def make(*children):
            return artwork_photographed(
                pottery,
                children=children,
                approved_at=timezone.now(),
                approved_by=people["admin"],
            )

        return make

    def test_every_child_consenting_and_approved_is_public(self, approved, families):
        for child in (families["mia"], families["sam"]):
            care_completed(child, photo_consent=True)

        assert artwork_is_public(approved(families["mia"], families["sam"]).pk)

    @pytest.mark.parametrize("consent", [False, None, "no record"])
    def test_one_child_without_consent_keeps_it_private(self, approved, families, consent):
        care_completed(families["mia"], photo_consent=True)
        if consent == "no record":
            CareRecord.objects.filter(participant=families["sam"]).delete()
        else:
            care_completed(families["sam"], photo_consent=consent)

        assert not artwork_is_public(approved(families["mia"], families["sam"]).pk)

    def test_no_child_tagged_or_not_approved_is_private(self, approved, pottery, families):
        care_completed(families["mia"], photo_consent=True)

        assert not artwork_is_public(approved().pk)
        assert not artwork_is_public(artwork_photographed(pottery, children=[families["mia"]]).pk)

    def test_no_such_piece_is_private(self):
        assert not artwork_is_public(987_654_321)
