from decimal import Decimal
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command

from accounts.models import Role, User
from classes.models import Class, ClassStatus
from classes.selectors import popular_class_list

pytestmark = pytest.mark.django_db


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def counts() -> dict:
    return {
        "users": User.objects.count(),
        "classes": Class.objects.count(),
        **{status: Class.objects.filter(status=status).count() for status in ClassStatus},
    }


def test_seeding_twice_creates_the_demo_once(emulator):
    first = seed()
    after_first = counts()

    second = seed()

    assert first.splitlines() == [
        "Created 7 instructors, 2 demo accounts, 14 classes, 9 emulator sign-ins.",
        "Demo student: student@camp.test; demo admin: admin@camp.test.",
        "Every demo account signs in with the password Camp@2003.",
    ]
    assert second == "Nothing to do: demo data already present.\n"
    assert counts() == after_first
    assert after_first == {
        "users": 9,
        "classes": 14,
        ClassStatus.APPROVED: 8,
        ClassStatus.PENDING: 4,
        ClassStatus.DENIED: 2,
    }


def test_the_demo_accounts_sign_in_through_the_emulator(emulator, api_client):
    seed()

    id_token = emulator.sign_in("student@camp.test", "Camp@2003")
    response = api_client.post(
        "/api/jwt", {"email": "student@camp.test", "idToken": id_token}, format="json"
    )

    assert response.status_code == 200
    assert User.objects.filter(email="student@camp.test").count() == 1


def test_the_demo_people_have_their_roles():
    seed()

    assert User.objects.get(email="student@camp.test").role == Role.STUDENT
    assert User.objects.get(email="admin@camp.test").role == Role.ADMIN
    instructors = User.objects.filter(role=Role.INSTRUCTOR)
    assert instructors.count() == 7
    assert all(person.name and person.photo for person in instructors)


def test_the_demo_covers_free_seats_full_classes_and_cents():
    seed()
    approved = Class.objects.filter(status=ClassStatus.APPROVED)

    assert approved.filter(seats=0).exists()
    assert approved.filter(seats__gt=0).exists()
    assert Class.objects.filter(price=Decimal("19.99")).exists()
    assert len(set(Class.objects.values_list("price", flat=True))) > 10


def test_the_popular_classes_are_in_a_clear_order():
    seed()

    enrolments = [camp_class.enroll for camp_class in popular_class_list()]

    assert len(enrolments) == 6
    assert enrolments == sorted(set(enrolments), reverse=True)


def test_every_demo_image_is_shipped_with_the_site():
    seed()
    images = list(Class.objects.values_list("image", flat=True))
    images += User.objects.values_list("photo", flat=True)

    for image in images:
        assert image.startswith(settings.STATIC_URL)
        shipped = settings.BASE_DIR / "static" / image.removeprefix(settings.STATIC_URL)
        assert shipped.is_file(), f"{image} is not in static/"


def test_seeding_again_keeps_what_people_did_in_the_demo():
    seed()
    pottery = Class.objects.get(name="Wheel-Thrown Pottery")
    pottery.seats, pottery.enroll = pottery.seats - 1, pottery.enroll + 1
    pottery.save()
    student = User.objects.get(email="student@camp.test")
    student.role = Role.INSTRUCTOR
    student.save()
    pending = Class.objects.filter(status=ClassStatus.PENDING).first()
    pending.status = ClassStatus.APPROVED
    pending.save()

    seed()

    assert Class.objects.get(pk=pottery.pk).enroll == pottery.enroll
    assert Class.objects.get(pk=pottery.pk).seats == pottery.seats
    assert User.objects.get(pk=student.pk).role == Role.INSTRUCTOR
    assert Class.objects.get(pk=pending.pk).status == ClassStatus.APPROVED


def test_seeding_an_admin_who_already_signed_in_gives_them_the_admin_role():
    User.objects.create_user(email="admin@camp.test", role=Role.STUDENT)

    seed()

    assert User.objects.get(email="admin@camp.test").role == Role.ADMIN
