"""The language the site speaks to each caller: a signed-in person's own, else the camp_language
cookie, else Accept-Language, else English; said in Content-Language and the page's lang."""

import pytest
from django.conf import settings

from accounts.models import User
from accounts.services import user_profile_update
from classes.models import ClassStatus
from core.errors import Refused
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db

FULL_ES = {"message": "A esta clase no le quedan lugares."}
FULL_EN = {"message": "This class has no seats left."}


@pytest.fixture
def spanish(api_client_for):
    return api_client_for(UserFactory(language="es"))


@pytest.fixture
def english(api_client_for):
    return api_client_for(UserFactory(language="en"))


def _select_full_class(client, **headers):
    camp_class = ClassFactory(status=ClassStatus.APPROVED, seats=0, enroll=20)
    return client.post("/api/selectClass", {"classId": camp_class.id}, format="json", **headers)


class TestRefusals:
    def test_a_spanish_family_hears_a_class_is_full_in_spanish(self, spanish):
        response = _select_full_class(spanish)

        assert response.status_code == 409
        assert response.json() == FULL_ES
        assert response["Content-Language"] == "es"

    def test_an_english_family_hears_it_in_english(self, english):
        response = _select_full_class(english)

        assert response.status_code == 409
        assert response.json() == FULL_EN
        assert response["Content-Language"] == "en"

    def test_the_person_s_own_language_wins_over_the_browser_s(self, spanish, english):
        assert _select_full_class(spanish, HTTP_ACCEPT_LANGUAGE="en").json() == FULL_ES
        assert _select_full_class(english, HTTP_ACCEPT_LANGUAGE="es").json() == FULL_EN

    def test_a_refusal_of_a_field_names_it_in_spanish(self, spanish):
        response = spanish.patch("/api/profile", {"name": "x" * 500}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Revise estos campos: name.",
            "errors": {"name": ["Asegúrese de que este campo no tenga más de 150 caracteres."]},
        }

    def test_a_refusal_of_our_own_words_is_in_spanish(self, spanish):
        response = spanish.patch("/api/profile", {"bio": "Alfarera."}, format="json")

        assert response.status_code == 403
        assert response.json() == {"message": "Solo los instructores tienen biografía."}

    def test_an_anonymous_caller_is_answered_in_their_browser_s_language(self, api_client):
        response = api_client.get("/api/profile", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5")

        assert response.status_code == 401
        assert response.json() == {"message": "Las credenciales de autenticación no se proveyeron."}
        assert response["Content-Language"] == "es"

    def test_the_cookie_speaks_for_an_anonymous_caller(self, api_client):
        api_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"

        response = api_client.get("/api/profile", HTTP_ACCEPT_LANGUAGE="en")

        assert response.json() == {"message": "Las credenciales de autenticación no se proveyeron."}

    def test_without_either_the_answer_is_in_english(self, api_client):
        response = api_client.get("/api/profile")

        assert response.json() == {"message": "Authentication credentials were not provided."}
        assert response["Content-Language"] == "en"

    def test_after_a_spanish_answer_the_next_work_is_in_english_again(self, spanish, people):
        _select_full_class(spanish)

        with pytest.raises(Refused) as refused:
            user_profile_update(user=people["student"], bio="Alfarera.")
        assert refused.value.message == "Only instructors have a bio."


class TestChoosing:
    def test_the_profile_says_the_person_s_language(self, spanish):
        response = spanish.get("/api/profile")

        assert response.status_code == 200
        assert response.json()["language"] == "es"

    def test_choosing_spanish_keeps_it_and_tells_the_browser(self, client_as, people):
        response = client_as("student").patch("/api/profile", {"language": "es"}, format="json")

        assert response.status_code == 200
        assert response.json()["language"] == "es"
        assert User.objects.get(pk=people["student"].pk).language == "es"
        assert response["Content-Language"] == "es"
        cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
        assert cookie.value == "es"
        assert cookie["max-age"] == 365 * 24 * 60 * 60
        assert cookie["samesite"] == "Lax"

    def test_the_next_answer_speaks_it(self, client_as):
        client_as("student").patch("/api/profile", {"language": "es"}, format="json")

        response = client_as("student").patch("/api/profile", {"bio": "Alfarera."}, format="json")

        assert response.json() == {"message": "Solo los instructores tienen biografía."}

    def test_a_change_of_name_alone_sets_no_cookie(self, client_as):
        response = client_as("student").patch("/api/profile", {"name": "Ada"}, format="json")

        assert response.status_code == 200
        assert settings.LANGUAGE_COOKIE_NAME not in response.cookies

    @pytest.mark.parametrize("language", ["fr", "", "ES", None, ["es"]])
    def test_only_english_or_spanish_may_be_chosen(self, client_as, people, language):
        response = client_as("student").patch("/api/profile", {"language": language}, format="json")

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["language"]
        assert response.json()["message"] == "Please check these fields: language."
        assert User.objects.get(pk=people["student"].pk).reading_language == "en"

    def test_the_service_refuses_another_language_too(self, people):
        with pytest.raises(Exception) as refused:
            user_profile_update(user=people["student"], language="fr")

        assert refused.value.problems == {"language": ["Choose English or Spanish."]}


class TestPages:
    def test_a_visitor_s_page_is_english_by_default(self, client):
        response = client.get("/")

        assert response.status_code == 200
        assert '<html lang="en"' in response.content.decode()
        assert response["Content-Language"] == "en"

    def test_a_spanish_browser_gets_a_spanish_page(self, client):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="es-419,es;q=0.9")

        assert '<html lang="es"' in response.content.decode()
        assert response["Content-Language"] == "es"

    def test_the_cookie_chooses_the_page_s_language(self, client):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"

        response = client.get("/all-classes", HTTP_ACCEPT_LANGUAGE="en")

        assert '<html lang="es"' in response.content.decode()
        assert response["Content-Language"] == "es"
