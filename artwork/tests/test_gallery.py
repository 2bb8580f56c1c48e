"""The public gallery: a piece shows only when an admin approved it and every child tagged on it
has photo consent, with first names alone; consent withdrawn takes it down at once, the cached
answers too; the sitemap names the gallery and the pictures of what it shows, nothing else."""

import copy
import re
import xml.etree.ElementTree as ET

import pytest

from accounts.models import Role
from accounts.services import participant_delete, participant_update
from artwork.files import picture_key_opens, picture_sources
from artwork.models import Artwork
from artwork.selectors.gallery import artwork_is_public
from care.models import CareRecord
from care.services import care_record_update
from classes.models import ClassStatus
from core import public_cache
from core.pagination import DEFAULT_PAGE_SIZE
from testing.artwork import artwork_made
from testing.factories import ChildFactory, ClassFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

SITE = "http://testserver"
SITEMAP = {
    "s": "http://www.sitemaps.org/schemas/sitemap/0.9",
    "image": "http://www.google.com/schemas/sitemap-image/1.1",
}


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Ines Okafor")


@pytest.fixture
def pottery():
    return ClassFactory(status=ClassStatus.APPROVED, name="Clay Creatures")


def admin():
    """An admin who approves a piece for the gallery."""
    return UserFactory(role=Role.ADMIN)


def child(family, first_name: str, **fields):
    return ChildFactory(account=family, first_name=first_name, last_name="Okafor", **fields)


def gallery_piece(piece: Artwork) -> dict:
    """A piece as the gallery answers it."""
    return {
        "id": piece.pk,
        "title": piece.title,
        "classId": piece.camp_class_id,
        "className": piece.camp_class.name,
        "takenOn": piece.taken_on.isoformat(),
        "firstNames": sorted(child.participant.first_name for child in piece.children.all()),
        "picture": picture_sources(piece, keyed=False),
    }


def forgets(write, django_capture_on_commit_callbacks) -> bool:
    """Whether the public lists' generation moved on once `write` committed."""
    before = public_cache.shared_generation()
    with django_capture_on_commit_callbacks(execute=True):
        write()
    return public_cache.shared_generation() != before


def sitemap_pictures(client) -> dict[str, list[str]]:
    """Each address of the sitemap's pages section, with the pictures it names."""
    response = client.get("/sitemap-pages.xml")
    assert response.status_code == 200
    urlset = ET.fromstring(response.content)  # noqa: S314 - our own answer, read in a test
    return {
        url.find("s:loc", SITEMAP).text: [
            loc.text for loc in url.findall("image:image/image:loc", SITEMAP)
        ]
        for url in urlset.findall("s:url", SITEMAP)
    }


def test_an_approved_piece_of_consenting_children_shows_with_their_first_names_alone(
    api_client, family, pottery
):
    noa, ada = child(family, "Noa"), child(family, "Ada")
    piece = artwork_made(pottery, [noa, ada], approved_by=admin(), title="Two owls")

    response = api_client.get("/api/gallery")

    assert response.status_code == 200
    assert response.json() == [
        {
            "id": piece.pk,
            "title": "Two owls",
            "classId": pottery.pk,
            "className": "Clay Creatures",
            "takenOn": piece.taken_on.isoformat(),
            "firstNames": ["Ada", "Noa"],
            "picture": {
                "src": f"/api/artworks/{piece.pk}/images/640w.webp",
                "srcset": ", ".join(
                    f"/api/artworks/{piece.pk}/images/{width}w.webp {width}w"
                    for width in (320, 480, 640)
                ),
                "sizes": picture_sources(piece, keyed=False)["sizes"],
                "width": 640,
                "height": 480,
                "download": f"/api/artworks/{piece.pk}/images/original.jpg?download=1",
            },
        }
    ]
    assert response["X-Total-Count"] == "1"
    # Nothing else of the children or their family: no surname, no key to other pictures.
    assert b"Okafor" not in response.content
    assert b"key=" not in response.content
    assert artwork_is_public(piece.pk)


@pytest.mark.parametrize(
    "consent",
    [False, None, "no record"],
    ids=["consent refused", "consent not answered", "no care record"],
)
def test_a_piece_with_one_child_without_consent_is_never_shown(
    api_client, family, pottery, consent
):
    noa = child(family, "Noa")
    if consent == "no record":
        leo = child(family, "Leo", care=False)
    else:
        leo = child(family, "Leo")
        CareRecord.objects.filter(participant=leo).update(photo_consent=consent)
    piece = artwork_made(pottery, [noa, leo], approved_by=admin())
    shown = artwork_made(pottery, [noa], approved_by=admin())

    asked = [
        api_client.get(path)
        for path in ("/api/gallery", f"/api/gallery?classId={pottery.pk}", "/api/gallery?page=1")
    ]
    # Asked again: the answer now comes from the cache, and it does not hold the piece either.
    asked.append(api_client.get("/api/gallery"))

    for response in asked:
        assert response.status_code == 200
        assert [item["id"] for item in response.json()] == [shown.pk]
        assert b"Leo" not in response.content
    assert not artwork_is_public(piece.pk)
    pictures = sitemap_pictures(api_client)[f"{SITE}/gallery"]
    assert pictures == [SITE + picture_sources(shown, keyed=False)["src"]]
    assert not any(f"/api/artworks/{piece.pk}/" in picture for picture in pictures)


def test_unapproved_and_untagged_pieces_are_never_shown(api_client, family, pottery):
    noa = child(family, "Noa")
    waiting = artwork_made(pottery, [noa])
    untagged = artwork_made(pottery, [], approved_by=admin())

    response = api_client.get("/api/gallery")

    assert response.json() == []
    assert not artwork_is_public(waiting.pk)
    assert not artwork_is_public(untagged.pk)
    assert sitemap_pictures(api_client)[f"{SITE}/gallery"] == []


def test_withdrawn_consent_takes_the_piece_down_at_once_cached_answer_and_all(
    api_client,
    api_client_for,
    family,
    pottery,
    django_assert_num_queries,
    django_capture_on_commit_callbacks,
):
    noa, ada = child(family, "Noa"), child(family, "Ada")
    piece = artwork_made(pottery, [noa, ada], approved_by=admin())
    before = api_client.get("/api/gallery")
    with django_assert_num_queries(0):
        cached = api_client.get("/api/gallery")

    # The family changes its mind about Ada's photos on her care record's page.
    with django_capture_on_commit_callbacks(execute=True):
        saved = api_client_for(family).patch(
            f"/api/participants/{ada.pk}/care", {"photoConsent": False}, format="json"
        )
    after = api_client.get(f"/api/gallery?classId={pottery.pk}")
    again = api_client.get("/api/gallery")

    assert saved.status_code == 200, saved.json()
    assert [item["id"] for item in before.json()] == [piece.pk]
    assert cached.content == before.content
    assert after.json() == again.json() == []
    assert not artwork_is_public(piece.pk)
    assert sitemap_pictures(api_client)[f"{SITE}/gallery"] == []


def test_consent_given_again_brings_the_piece_back(
    api_client, family, pottery, django_capture_on_commit_callbacks
):
    noa = child(family, "Noa")
    CareRecord.objects.filter(participant=noa).update(photo_consent=False)
    piece = artwork_made(pottery, [noa], approved_by=admin())
    assert api_client.get("/api/gallery").json() == []

    with django_capture_on_commit_callbacks(execute=True):
        care_record_update(participant=noa, by=family, photo_consent=True)

    assert [item["id"] for item in api_client.get("/api/gallery").json()] == [piece.pk]


def test_a_care_record_saved_with_its_consent_unchanged_keeps_the_public_lists(
    family, django_capture_on_commit_callbacks
):
    noa = child(family, "Noa")

    def save(**parts):
        return lambda: care_record_update(participant=noa, by=family, **parts)

    # A family saving its contacts on a registration morning empties no public list.
    assert not forgets(save(pickups=[]), django_capture_on_commit_callbacks)
    assert not forgets(save(photo_consent=True), django_capture_on_commit_callbacks)
    assert forgets(save(photo_consent=None), django_capture_on_commit_callbacks)
    assert forgets(save(photo_consent=True), django_capture_on_commit_callbacks)


def test_a_new_care_record_forgets_the_lists_only_when_it_gives_consent_for_a_child_on_a_piece(
    family, pottery, django_capture_on_commit_callbacks
):
    noa, leo = child(family, "Noa", care=False), child(family, "Leo", care=False)
    ada = child(family, "Ada", care=False)
    artwork_made(pottery, [ada], approved_by=admin())

    assert not forgets(
        lambda: care_record_update(participant=noa, by=family, photo_consent=False),
        django_capture_on_commit_callbacks,
    )
    # A child on no piece, as every child new to the school: the lists are kept.
    assert not forgets(
        lambda: care_record_update(participant=leo, by=family, photo_consent=True),
        django_capture_on_commit_callbacks,
    )
    assert forgets(
        lambda: care_record_update(participant=ada, by=family, photo_consent=True),
        django_capture_on_commit_callbacks,
    )


def test_a_child_renamed_or_removed_leaves_the_gallery_at_once(
    api_client, family, pottery, django_capture_on_commit_callbacks
):
    noa, ada = child(family, "Noa"), child(family, "Ada")
    piece = artwork_made(pottery, [noa, ada], approved_by=admin())
    assert api_client.get("/api/gallery").json()[0]["firstNames"] == ["Ada", "Noa"]

    with django_capture_on_commit_callbacks(execute=True):
        participant_update(account=family, participant_id=noa.pk, first_name="Noé")
    renamed = api_client.get("/api/gallery").json()
    with django_capture_on_commit_callbacks(execute=True):
        participant_delete(account=family, participant_id=ada.pk)
    removed = api_client.get("/api/gallery").json()

    assert renamed[0]["firstNames"] == ["Ada", "Noé"]
    assert removed == [{**renamed[0], "firstNames": ["Noé"]}]
    assert removed[0]["id"] == piece.pk


def test_a_class_s_strip_shows_its_own_pieces_newest_first(api_client, family, pottery):
    noa = child(family, "Noa")
    first = artwork_made(pottery, [noa], approved_by=admin(), title="First")
    second = artwork_made(pottery, [noa], approved_by=admin(), title="Second")
    artwork_made(ClassFactory(status=ClassStatus.APPROVED), [noa], approved_by=admin())

    response = api_client.get(f"/api/gallery?classId={pottery.pk}")
    unknown = api_client.get("/api/gallery?classId=999999")

    assert response.json() == [gallery_piece(second), gallery_piece(first)]
    assert unknown.json() == []


def test_the_gallery_answers_a_page_at_a_time(api_client, family, pottery):
    noa = child(family, "Noa")
    pieces = [artwork_made(pottery, [noa], approved_by=admin()) for _ in range(3)]

    whole = api_client.get("/api/gallery")
    second = api_client.get("/api/gallery?page=2&page_size=2")

    assert len(whole.json()) == 3 <= DEFAULT_PAGE_SIZE
    assert [item["id"] for item in second.json()] == [pieces[0].pk]
    assert second["X-Total-Count"] == "3"
    assert 'rel="prev"' in second["Link"]


@pytest.mark.parametrize(
    ("query", "field"),
    [("classId=pottery", "classId"), ("classId=0", "classId"), ("page=0", "page")],
)
def test_a_bad_query_is_refused_naming_its_field(api_client, query, field):
    response = api_client.get(f"/api/gallery?{query}")

    assert response.status_code == 400
    assert list(response.json()["errors"]) == [field]


def review_piece(piece: Artwork, *, in_gallery: bool) -> dict:
    """A piece as the admins' review list answers it (its pictures keyed)."""
    piece.refresh_from_db()
    camp_class = piece.camp_class
    return {
        "id": piece.pk,
        "classId": camp_class.pk,
        "className": camp_class.name,
        "seasonId": camp_class.season_id,
        "seasonName": camp_class.season.name if camp_class.season else None,
        "title": piece.title,
        "stage": piece.stage,
        "takenOn": piece.taken_on.isoformat(),
        "readyAt": None,
        "approvedAt": piece.approved_at and piece.approved_at.isoformat(),
        "participants": [
            {"id": child.participant_id, "firstName": child.participant.first_name}
            for child in piece.children.order_by("participant__first_name")
        ],
        "picture": picture_sources(piece, keyed=True),
        "inGallery": in_gallery,
    }


def without_times(answer):
    """An answer with each piece's approval time left out, and each picture's key (signed with
    the second it was made at) checked and then left out."""
    answer = copy.deepcopy(answer)
    items = answer if isinstance(answer, list) else [answer]
    for item in items:
        item.pop("approvedAt")
        picture = item["picture"]
        for name in ("src", "srcset", "download"):
            for key in re.findall(r"key=([^&\s]+)", picture[name]):
                assert picture_key_opens(key, artwork_id=item["id"])
            picture[name] = re.sub(r"key=[^&\s]+", "key=", picture[name])
    return answer


def test_the_admins_review_list_shows_each_piece_and_whether_the_gallery_shows_it(
    api_client_for, family, pottery
):
    reviewer = admin()
    noa, leo = child(family, "Noa"), child(family, "Leo", care=False)
    pottery.season = a_season("Gallery summer")
    pottery.save()
    waiting = artwork_made(pottery, [noa])
    shown = artwork_made(pottery, [noa], approved_by=reviewer)
    kept_out = artwork_made(pottery, [noa, leo], approved_by=reviewer)
    client = api_client_for(reviewer)

    to_approve = client.get("/api/artworks?approved=false")
    approved = client.get("/api/artworks?approved=true")
    every = client.get("/api/artworks")

    assert without_times(to_approve.json()) == without_times(
        [review_piece(waiting, in_gallery=False)]
    )
    assert without_times(approved.json()) == without_times(
        [review_piece(kept_out, in_gallery=False), review_piece(shown, in_gallery=True)]
    )
    assert [item["id"] for item in every.json()] == [kept_out.pk, shown.pk, waiting.pk]


def test_an_admin_approves_a_piece_into_the_gallery_and_withdraws_it(
    api_client, api_client_for, family, pottery, django_capture_on_commit_callbacks
):
    reviewer = admin()
    piece = artwork_made(pottery, [child(family, "Noa")])
    client = api_client_for(reviewer)
    assert api_client.get("/api/gallery").json() == []

    def approval(approved: bool):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                f"/api/artworks/{piece.pk}/approval", {"approved": approved}, format="json"
            )

    approved = approval(True)
    shown = api_client.get("/api/gallery").json()
    as_approved = review_piece(piece, in_gallery=True)
    again = approval(True)
    approved_again = Artwork.objects.get(pk=piece.pk)
    withdrawn = approval(False)
    piece.refresh_from_db()

    assert approved.status_code == 200, approved.json()
    assert without_times(approved.json()) == without_times(as_approved)
    assert approved.json()["approvedAt"] is not None
    assert [item["id"] for item in shown] == [piece.pk]
    # Approved twice: who approved it, and when, stay the first approval's.
    assert again.status_code == 200
    assert again.json()["approvedAt"] == approved.json()["approvedAt"]
    assert approved_again.approved_by == reviewer
    assert withdrawn.status_code == 200
    assert withdrawn.json()["approvedAt"] is None
    assert withdrawn.json()["inGallery"] is False
    assert api_client.get("/api/gallery").json() == []
    assert (piece.approved_at, piece.approved_by) == (None, None)


def test_approving_a_piece_not_there_or_without_saying_is_refused(api_client_for, family, pottery):
    client = api_client_for(admin())
    piece = artwork_made(pottery, [child(family, "Noa")])

    missing = client.post("/api/artworks/999999/approval", {"approved": True}, format="json")
    unsaid = client.post(f"/api/artworks/{piece.pk}/approval", {}, format="json")
    bad = client.post(f"/api/artworks/{piece.pk}/approval", {"approved": "maybe"}, format="json")

    assert missing.status_code == 404
    assert (unsaid.status_code, list(unsaid.json()["errors"])) == (400, ["approved"])
    assert (bad.status_code, list(bad.json()["errors"])) == (400, ["approved"])
