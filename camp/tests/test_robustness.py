"""Bad input never breaks the API: every answer is 4xx JSON in the one error shape, naming the
field when the input is at fault, and nothing is written."""

import pytest

from accounts.models import Role, User
from classes.models import Class, ClassStatus
from enrolments.models import Selection
from payments.models import Payment
from testing.factories import ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db

MEGABYTE_OF_TEXT = "x" * 1_000_000
SQL_LOOKING = "'; DROP TABLE classes_class; --"
HUGE_ID = 10**30
GOOD_CLASS = {
    "nameClass": "Clay & Glaze",
    "seats": 8,
    "price": "30.00",
    "image": "https://images.camp.test/classes/clay.jpg",
}


@pytest.fixture
def world():
    instructor = UserFactory(role=Role.INSTRUCTOR)
    student = UserFactory(role=Role.STUDENT)
    camp_class = ClassFactory(instructor=instructor)
    selection = SelectionFactory(student=student)
    return {
        "student": student,
        "instructor": instructor,
        "admin": UserFactory(role=Role.ADMIN),
        "class": camp_class,
        "selection": selection,
    }


def everything(world) -> dict:
    """Every row the API writes, as it is now, to show that a refusal changed nothing."""
    return {
        "users": list(User.objects.order_by("id").values()),
        "classes": list(Class.objects.order_by("id").values()),
        "selections": list(Selection.objects.order_by("id").values()),
        "payments": list(Payment.objects.order_by("id").values()),
    }


def with_class(**changes) -> dict:
    return {**GOOD_CLASS, **changes}


BAD_BODIES = [
    ("instructor", "post", "/api/classes", with_class(nameClass=MEGABYTE_OF_TEXT), "nameClass"),
    ("instructor", "post", "/api/classes", with_class(nameClass=["Clay"]), "nameClass"),
    ("instructor", "post", "/api/classes", with_class(nameClass=None), "nameClass"),
    ("instructor", "post", "/api/classes", with_class(seats="ten"), "seats"),
    ("instructor", "post", "/api/classes", with_class(seats=HUGE_ID), "seats"),
    ("instructor", "post", "/api/classes", with_class(seats=-1), "seats"),
    ("instructor", "post", "/api/classes", with_class(seats=2.5), "seats"),
    ("instructor", "post", "/api/classes", with_class(price="abc"), "price"),
    ("instructor", "post", "/api/classes", with_class(price="1e400"), "price"),
    ("instructor", "post", "/api/classes", with_class(price=10**12), "price"),
    ("instructor", "post", "/api/classes", with_class(price="NaN"), "price"),
    ("instructor", "post", "/api/classes", with_class(image="javascript:alert(1)"), "image"),
    ("instructor", "post", "/api/classes", with_class(image=SQL_LOOKING), "image"),
    ("instructor", "post", "/api/classes", [GOOD_CLASS], "non_field_errors"),
    ("instructor", "put", "/api/classes/{class}", with_class(seats={"a": 1}), "seats"),
    ("admin", "patch", "/api/classes/feedback/{class}", {"feedback": MEGABYTE_OF_TEXT}, "feedback"),
    ("admin", "patch", "/api/classes/feedback/{class}", {"feedback": ["Fine."]}, "feedback"),
    ("student", "post", "/api/users", {"email": "{student}", "name": MEGABYTE_OF_TEXT}, "name"),
    ("student", "post", "/api/users", {"email": SQL_LOOKING}, "email"),
    ("instructor", "patch", "/api/profile", {"bio": MEGABYTE_OF_TEXT}, "bio"),
    ("instructor", "patch", "/api/profile", {"bio": ["Potter."]}, "bio"),
    ("instructor", "patch", "/api/profile", {"bio": None}, "bio"),
    ("student", "post", "/api/selectClass", {"classId": "abc"}, "classId"),
    ("student", "post", "/api/selectClass", {"classId": SQL_LOOKING}, "classId"),
    ("student", "post", "/api/createPaymentIntent", {"payId": "1 OR 1=1"}, "payId"),
    (
        "student",
        "post",
        "/api/payments",
        {"payId": 1, "setupIntentId": SQL_LOOKING},
        "setupIntentId",
    ),
    (
        "student",
        "post",
        "/api/payments",
        {"payId": 1, "paymentIntentId": "pi_" + "9" * 300},
        "paymentIntentId",
    ),
    (
        "anonymous",
        "post",
        "/api/jwt",
        {"email": "a@camp.test", "idToken": MEGABYTE_OF_TEXT},
        "idToken",
    ),
    ("anonymous", "post", "/api/jwt", {"email": "Ωμέγα", "idToken": "x"}, "email"),
]


def client_for(who, world, api_client, api_client_for):
    return api_client if who == "anonymous" else api_client_for(world[who])


def fill(text: str, world) -> str:
    return text.format(
        **{key: row.pk if key != "student" else row.email for key, row in world.items()}
    )


@pytest.mark.parametrize(
    "who, method, path, body, field",
    BAD_BODIES,
    ids=[
        f"{method} {path} {field} #{n}" for n, (_, method, path, _, field) in enumerate(BAD_BODIES)
    ],
)
def test_bad_bodies_answer_4xx_json_naming_the_field_and_write_nothing(
    world, api_client, api_client_for, who, method, path, body, field
):
    client = client_for(who, world, api_client, api_client_for)
    if isinstance(body, dict):
        body = {
            key: fill(value, world) if isinstance(value, str) else value
            for key, value in body.items()
        }
    before = everything(world)

    response = getattr(client, method)(fill(path, world), body, format="json")

    # The sign-in exchange refuses what it cannot verify as unauthenticated, naming the field.
    assert response.status_code == (401 if path == "/api/jwt" else 400)
    answer = response.json()
    assert answer["message"]
    assert field in answer["errors"], answer
    assert everything(world) == before


WRITES = [
    ("instructor", "post", "/api/classes"),
    ("instructor", "put", "/api/classes/{class}"),
    ("admin", "patch", "/api/classes/feedback/{class}"),
    ("student", "post", "/api/users"),
    ("student", "post", "/api/selectClass"),
    ("student", "post", "/api/createPaymentIntent"),
    ("student", "post", "/api/payments"),
    ("anonymous", "post", "/api/jwt"),
    ("student", "post", "/api/jwt"),
    ("anonymous", "post", "/api/stripe/webhook"),
]
# A few kilobytes nested deeper than Python's JSON parser goes.
DEEPLY_NESTED = ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000]


@pytest.mark.parametrize(
    "malformed", ['{"nameClass": ', "not json", "\x00\xff", "{'a': 1}", *DEEPLY_NESTED]
)
@pytest.mark.parametrize("who, method, path", WRITES)
def test_malformed_json_answers_400_in_the_error_shape(
    world, api_client, api_client_for, who, method, path, malformed
):
    client = client_for(who, world, api_client, api_client_for)
    before = everything(world)

    response = getattr(client, method)(
        fill(path, world), malformed, content_type="application/json"
    )

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) <= {"message", "errors"}
    assert response.json()["message"]
    assert everything(world) == before


@pytest.mark.parametrize("malformed", DEEPLY_NESTED)
@pytest.mark.parametrize(
    ("path", "status"),
    # A visitor is refused before the body is read, except by the sign-in exchange itself.
    [("/api/users", 401), ("/api/jwt", 400), ("/api/selectClass", 401)],
)
def test_deeply_nested_json_from_a_visitor_is_never_a_server_error(
    api_client, path, status, malformed
):
    response = api_client.post(path, malformed, content_type="application/json")

    assert response.status_code == status
    assert response.json()["message"]


def test_a_body_that_is_not_json_at_all_is_refused_as_unsupported(world, api_client_for):
    response = api_client_for(world["instructor"]).post(
        "/api/classes", "nameClass=Clay", content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 415
    assert response.json()["message"]


@pytest.mark.parametrize(
    "who, path, body",
    [
        ("student", "/api/selectClass", {"classId": HUGE_ID}),
        ("student", "/api/createPaymentIntent", {"payId": HUGE_ID}),
        ("student", "/api/payments", {"payId": HUGE_ID}),
    ],
)
def test_an_id_in_a_body_beyond_any_row_is_unknown(world, api_client_for, who, path, body):
    before = everything(world)

    # Beyond the database's integers, yet no different from any other id with no row.
    response = api_client_for(world[who]).post(path, body, format="json")

    assert response.status_code == 404
    assert response.json()["message"]
    assert everything(world) == before


@pytest.mark.parametrize(
    "who, method, path",
    [
        ("instructor", "put", "/api/classes/{id}"),
        ("anonymous", "get", "/api/classes/{id}"),
        ("admin", "get", "/api/classes/{id}"),
        ("anonymous", "get", "/api/instructors/{id}"),
        ("admin", "patch", "/api/classes/approved/{id}"),
        ("admin", "patch", "/api/classes/denied/{id}"),
        ("admin", "patch", "/api/classes/feedback/{id}"),
        ("instructor", "get", "/api/myClass/{id}"),
        ("student", "delete", "/api/selectClass/{id}"),
        ("admin", "patch", "/api/users/admin/{id}"),
        ("admin", "patch", "/api/users/instructor/{id}"),
    ],
)
@pytest.mark.parametrize("bad_id", ["999999", str(HUGE_ID), "abc", "1.5", "-1", "%27%20OR%201%3D1"])
def test_unknown_and_non_numeric_ids_answer_404_json(
    world, api_client, api_client_for, who, method, path, bad_id
):
    client = client_for(who, world, api_client, api_client_for)
    body = {"feedback": "Fine."} if "feedback" in path else GOOD_CLASS
    before = everything(world)

    response = getattr(client, method)(path.format(id=bad_id), body, format="json")

    # /api/users/{admin,instructor}/ also answers GET for an e-mail: PATCH is not allowed there.
    on_email_route = path.startswith("/api/users/") and not bad_id.isdigit()
    assert response.status_code == (405 if on_email_route else 404)
    assert response.json()["message"]
    assert everything(world) == before


@pytest.mark.parametrize("text", ["Глина и глазурь 🎨", SQL_LOOKING, "<script>alert(1)</script>"])
def test_unicode_and_sql_looking_text_is_kept_as_plain_text(
    world, api_client_for, api_client, text
):
    created = api_client_for(world["instructor"]).post(
        "/api/classes", with_class(nameClass=text[:40]), format="json"
    )
    assert created.status_code == 201
    Class.objects.filter(pk=created.json()["insertedId"]).update(status=ClassStatus.APPROVED)

    listed = api_client.get("/api/classes").json()

    assert text[:40] in [camp_class["nameClass"] for camp_class in listed]
    assert Class.objects.count() == 3


@pytest.mark.parametrize(
    ("path", "status"),
    [
        # Each is refused as its route refuses a caller or a value it does not serve.
        ("/api/myClasses/" + "a" * 5000, 403),
        ("/api/payments/%27%20OR%201%3D1", 403),
        ("/api/users/admin/Ωμέγα@camp.test", 403),
        ("/api/selectClass?email=" + "a" * 5000, 400),
    ],
)
def test_odd_text_in_paths_and_queries_is_refused_or_empty_never_a_crash(
    world, api_client_for, path, status
):
    who = "instructor" if "myClasses" in path else "student"

    response = api_client_for(world[who]).get(path)

    assert response.status_code == status
    assert response.json() is not None
