"""One's own profile (GET /api/profile); changing one's name and photo, and an instructor's bio
for their page (PATCH)."""

import pytest
from django.db import connection
from django.db.models.signals import post_save

from accounts.models import Role, User
from accounts.services import user_profile_update
from classes.models import ClassStatus
from core.errors import InvalidInput, Refused
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db

SIGNED_IN = ["student", "other student", "instructor", "other instructor", "admin"]


def profile_of(person: User) -> dict:
    return {
        "name": person.name,
        "email": person.email,
        "photo": person.photo,
        "bio": person.bio,
        "language": User.objects.get(pk=person.pk).reading_language,
    }


class TestReading:
    @pytest.mark.parametrize("who", SIGNED_IN)
    def test_everyone_signed_in_reads_their_own_profile(self, client_as, people, who):
        people[who].bio = "A few words."
        people[who].save(update_fields=["bio"])

        response = client_as(who).get("/api/profile")

        assert response.status_code == 200
        assert response.json() == profile_of(people[who])
        assert response.json()["bio"] == "A few words."

    def test_a_visitor_has_no_profile(self, client_as):
        response = client_as("anonymous").get("/api/profile")

        assert response.status_code == 401
        assert response.json()["message"]


class TestWritingTheBio:
    def test_an_instructor_sets_their_bio_trimmed_and_gets_their_profile(self, client_as, people):
        bio = "  Potter for twenty years.\n\nI teach wheel and hand-building.\n  "

        response = client_as("instructor").patch("/api/profile", {"bio": bio}, format="json")

        maya = User.objects.get(pk=people["instructor"].pk)
        assert response.status_code == 200
        assert maya.bio == "Potter for twenty years.\n\nI teach wheel and hand-building."
        assert response.json() == profile_of(maya)
        assert client_as("anonymous").get(f"/api/instructors/{maya.pk}").json()["bio"] == maya.bio

    def test_markup_is_kept_as_the_plain_text_it_is(self, client_as, people):
        bio = "I <b>love</b> clay & glaze <script>alert(1)</script>"

        response = client_as("instructor").patch("/api/profile", {"bio": bio}, format="json")

        assert response.status_code == 200
        assert response.json()["bio"] == bio

    @pytest.mark.parametrize("blank", ["", "   \n "])
    def test_an_empty_bio_clears_it(self, client_as, people, blank):
        people["instructor"].bio = "Old words."
        people["instructor"].save(update_fields=["bio"])

        response = client_as("instructor").patch("/api/profile", {"bio": blank}, format="json")

        assert response.status_code == 200
        assert response.json()["bio"] == ""
        assert User.objects.get(pk=people["instructor"].pk).bio == ""

    def test_a_thousand_characters_is_the_most_counted_after_trimming(self, client_as, people):
        longest = "a" * 1000

        kept = client_as("instructor").patch(
            "/api/profile", {"bio": f"  {longest}\n"}, format="json"
        )
        refused = client_as("instructor").patch(
            "/api/profile", {"bio": longest + "b"}, format="json"
        )

        assert kept.status_code == 200
        assert kept.json()["bio"] == longest
        assert refused.status_code == 400
        assert list(refused.json()["errors"]) == ["bio"]
        assert User.objects.get(pk=people["instructor"].pk).bio == longest

    @pytest.mark.parametrize(
        "body",
        [{"bio": None}, {"bio": ["Potter."]}, {"bio": {"text": "Potter."}}, {"bio": "a\x00b"}],
        ids=["null", "a list", "an object", "a null character"],
    )
    def test_bad_input_is_a_400_naming_bio_and_changes_nothing(self, client_as, people, body):
        people["instructor"].bio = "Old words."
        people["instructor"].save(update_fields=["bio"])

        response = client_as("instructor").patch("/api/profile", body, format="json")

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["bio"]
        assert User.objects.get(pk=people["instructor"].pk).bio == "Old words."

    @pytest.mark.parametrize(
        ("who", "status"),
        [("anonymous", 401), ("student", 403), ("admin", 403)],
    )
    def test_only_instructors_have_a_bio(self, client_as, people, who, status):
        response = client_as(who).patch("/api/profile", {"bio": "Hello."}, format="json")

        assert response.status_code == status
        assert response.json()["message"]
        assert not User.objects.filter(bio="Hello.").exists()

    def test_the_bio_changes_only_the_caller(self, client_as, people):
        client_as("instructor").patch("/api/profile", {"bio": "Potter."}, format="json")

        assert User.objects.get(pk=people["other instructor"].pk).bio == ""


class TestTheService:
    def test_it_trims_and_saves(self):
        maya = UserFactory(role=Role.INSTRUCTOR)

        assert user_profile_update(user=maya, bio="  Potter.  ").bio == "Potter."
        assert User.objects.get(pk=maya.pk).bio == "Potter."

    def test_it_refuses_a_bio_too_long_by_field(self):
        maya = UserFactory(role=Role.INSTRUCTOR)

        with pytest.raises(InvalidInput) as refused:
            user_profile_update(user=maya, bio="a" * 1001)

        assert list(refused.value.problems) == ["bio"]

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.ADMIN])
    def test_it_refuses_anyone_but_an_instructor(self, role):
        with pytest.raises(Refused):
            user_profile_update(user=UserFactory(role=role), bio="Hello.")


class TestChangingNameAndPhoto:
    @pytest.mark.parametrize("who", SIGNED_IN)
    def test_anyone_signed_in_changes_their_name_and_photo(self, client_as, people, who):
        body = {"name": "  Ada   Lovelace ", "photo": "/media/classes/ada.png"}

        response = client_as(who).patch("/api/profile", body, format="json")

        person = User.objects.get(pk=people[who].pk)
        assert response.status_code == 200, response.json()
        assert response.json() == {
            "name": "Ada Lovelace",
            "email": person.email,
            "photo": "/media/classes/ada.png",
            "bio": "",
            "language": "en",
        }
        assert (person.name, person.photo) == ("Ada Lovelace", "/media/classes/ada.png")

    def test_a_photo_address_on_the_web_is_kept(self, client_as, people):
        photo = "https://images.camp.test/people/ada.jpg"

        response = client_as("student").patch("/api/profile", {"photo": photo}, format="json")

        assert response.status_code == 200
        assert response.json()["photo"] == photo
        assert User.objects.get(pk=people["student"].pk).name == people["student"].name

    def test_an_empty_photo_removes_it(self, client_as, people):
        people["student"].photo = "https://images.camp.test/old.jpg"
        people["student"].save(update_fields=["photo"])

        response = client_as("student").patch("/api/profile", {"photo": ""}, format="json")

        assert response.status_code == 200
        assert User.objects.get(pk=people["student"].pk).photo == ""

    def test_the_profile_reads_the_new_name(self, client_as, people):
        client_as("student").patch(
            "/api/profile", {"name": "Ada Lovelace", "photo": "/media/classes/a.png"}, format="json"
        )

        assert client_as("student").get("/api/profile").json()["name"] == "Ada Lovelace"

    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"name": ""}, "name"),
            ({"name": "   "}, "name"),
            ({"name": "a" * 151}, "name"),
            ({"name": None}, "name"),
            ({"name": ["Ada"]}, "name"),
            ({"name": "Ada\x00"}, "name"),
            ({"photo": "javascript:alert(1)"}, "photo"),
            ({"photo": "//evil.example/a.png"}, "photo"),
            ({"photo": "/\\evil.example/a.png"}, "photo"),
            ({"photo": "not an address"}, "photo"),
            ({"photo": "https://images.camp.test/" + "a" * 1000}, "photo"),
            ({"photo": {"url": "https://images.camp.test/a.png"}}, "photo"),
            ({"name": "Ada Lovelace", "photo": "ftp://files.camp.test/a.png"}, "photo"),
        ],
        ids=[
            "empty name",
            "blank name",
            "name too long",
            "null name",
            "name a list",
            "name with a null character",
            "script address",
            "another host without scheme",
            "backslash",
            "not an address",
            "photo too long",
            "photo an object",
            "ftp photo with a good name",
        ],
    )
    def test_bad_input_is_a_400_naming_the_field_and_changes_nothing(
        self, client_as, people, body, field
    ):
        before = User.objects.values("name", "photo").get(pk=people["student"].pk)

        response = client_as("student").patch("/api/profile", body, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": f"Please check these fields: {field}.",
            "errors": {field: [response.json()["errors"][field][0]]},
        }
        assert response.json()["errors"][field][0]
        assert User.objects.values("name", "photo").get(pk=people["student"].pk) == before

    def test_the_service_says_what_is_wrong_in_words(self, client_as):
        blank = client_as("student").patch("/api/profile", {"name": " "}, format="json")
        script = client_as("student").patch(
            "/api/profile", {"photo": "javascript:alert(1)"}, format="json"
        )

        assert blank.json()["errors"] == {
            "name": ["Give your name: the school shows it on your classes and messages."]
        }
        assert script.json()["errors"] == {
            "photo": ["Upload a photo, or give its address starting with https://."]
        }

    def test_an_empty_body_is_a_400_saying_what_to_send(self, client_as):
        response = client_as("student").patch("/api/profile", {}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: non_field_errors.",
            "errors": {"non_field_errors": ["Send the name, photo, bio or language to change."]},
        }

    def test_a_student_sending_a_bio_changes_nothing(self, client_as, people):
        response = client_as("student").patch(
            "/api/profile", {"name": "Ada Lovelace", "bio": "Hello."}, format="json"
        )

        assert response.status_code == 403
        assert response.json() == {"message": "Only instructors have a bio."}
        assert User.objects.get(pk=people["student"].pk).name == people["student"].name

    def test_a_visitor_changes_nobody(self, client_as):
        response = client_as("anonymous").patch("/api/profile", {"name": "Eve"}, format="json")

        assert response.status_code == 401
        assert not User.objects.filter(name="Eve").exists()

    def test_only_the_caller_changes(self, client_as, people):
        other = people["other student"].name

        client_as("student").patch("/api/profile", {"name": "Ada Lovelace"}, format="json")

        assert User.objects.get(pk=people["other student"].pk).name == other

    def test_an_instructor_s_new_name_shows_in_the_public_lists_and_search(
        self, client_as, people, django_capture_on_commit_callbacks
    ):
        maya = people["instructor"]
        ClassFactory(instructor=maya, status=ClassStatus.APPROVED, name="Wheel-Thrown Pottery")
        # Read once, so the lists' answers are in the cache when the name changes.
        assert maya.name in {
            i["name"] for i in client_as("anonymous").get("/api/instructors").json()
        }
        assert client_as("anonymous").get("/api/classes", {"search": "lindqvist"}).json()

        with django_capture_on_commit_callbacks(execute=True):
            response = client_as("instructor").patch(
                "/api/profile", {"name": "Maya Okafor"}, format="json"
            )

        assert response.status_code == 200
        visitor = client_as("anonymous")
        assert "Maya Okafor" in {i["name"] for i in visitor.get("/api/instructors").json()}
        found = visitor.get("/api/classes", {"search": "okafor"}).json()
        assert [item["nameClass"] for item in found] == ["Wheel-Thrown Pottery"]
        assert visitor.get("/api/classes", {"search": "lindqvist"}).json() == []


class TestTheProfileService:
    def test_what_is_left_out_is_kept(self):
        ada = UserFactory(name="Ada Lovelace", photo="https://images.camp.test/ada.jpg")

        user_profile_update(user=ada, name="Ada King")

        ada.refresh_from_db()
        assert (ada.name, ada.photo) == ("Ada King", "https://images.camp.test/ada.jpg")

    def test_it_names_every_bad_field_at_once(self):
        ada = UserFactory(role=Role.INSTRUCTOR)

        with pytest.raises(InvalidInput) as refused:
            user_profile_update(user=ada, name="", photo="javascript:x", bio="a" * 1001)

        assert sorted(refused.value.problems) == ["bio", "name", "photo"]

    def test_an_instructor_s_rename_reaches_the_search_documents_of_their_classes(self):
        maya = UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist")
        clay = ClassFactory(instructor=maya, status=ClassStatus.APPROVED)
        renamed = []

        def listener(sender, instance, update_fields=None, **kwargs):
            renamed.append((instance.pk, set(update_fields or ())))

        post_save.connect(listener, sender=User, dispatch_uid="test-profile-rename")
        try:
            user_profile_update(user=maya, name="Maya Okafor")
        finally:
            post_save.disconnect(sender=User, dispatch_uid="test-profile-rename")

        assert renamed == [(maya.pk, {"name"})]
        clay.refresh_from_db()
        if connection.vendor == "postgresql":
            assert "okafor" in clay.search_vector


class TestLanguage:
    @pytest.mark.parametrize("who", SIGNED_IN)
    def test_anyone_signed_in_chooses_the_language_the_site_speaks_to_them(
        self, client_as, people, who
    ):
        response = client_as(who).patch("/api/profile", {"language": "es"}, format="json")

        assert response.status_code == 200
        assert response.json() == profile_of(people[who])
        assert User.objects.get(pk=people[who].pk).language == "es"

        client_as(who).patch("/api/profile", {"language": "en"}, format="json")

        assert User.objects.get(pk=people[who].pk).language == "en"

    @pytest.mark.parametrize("language", ["fr", "", "ES", "x" * 9])
    def test_a_language_the_site_does_not_speak_is_a_400_naming_it(
        self, client_as, people, language
    ):
        response = client_as("student").patch(
            "/api/profile", {"name": "Ada Lovelace", "language": language}, format="json"
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["language"]
        kept = User.objects.get(pk=people["student"].pk)
        assert (kept.language, kept.name) == (people["student"].language, people["student"].name)

    def test_the_language_changes_only_the_caller(self, client_as, people):
        other = people["other student"].language

        client_as("student").patch("/api/profile", {"language": "es"}, format="json")

        assert other != "es"
        assert User.objects.get(pk=people["other student"].pk).language == other
