"""One's own profile (GET /api/profile), and an instructor's bio for their page (PATCH)."""

import pytest

from accounts.models import Role, User
from accounts.services import user_bio_set
from core.errors import InvalidInput, Refused
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

SIGNED_IN = ["student", "other student", "instructor", "other instructor", "admin"]


def profile_of(person: User) -> dict:
    return {"name": person.name, "email": person.email, "photo": person.photo, "bio": person.bio}


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
        [{}, {"bio": None}, {"bio": ["Potter."]}, {"bio": {"text": "Potter."}}, {"bio": "a\x00b"}],
        ids=["missing", "null", "a list", "an object", "a null character"],
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

        assert user_bio_set(user=maya, bio="  Potter.  ").bio == "Potter."
        assert User.objects.get(pk=maya.pk).bio == "Potter."

    def test_it_refuses_a_bio_too_long_by_field(self):
        maya = UserFactory(role=Role.INSTRUCTOR)

        with pytest.raises(InvalidInput) as refused:
            user_bio_set(user=maya, bio="a" * 1001)

        assert list(refused.value.problems) == ["bio"]

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.ADMIN])
    def test_it_refuses_anyone_but_an_instructor(self, role):
        with pytest.raises(Refused):
            user_bio_set(user=UserFactory(role=role), bio="Hello.")
