from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts.models import Role
from testing.factories import ClassFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "field, value",
    [
        ("seats", -1),
        ("enroll", -1),
        ("price", Decimal("-0.01")),
        ("status", "Archived"),
    ],
)
def test_the_database_refuses_an_impossible_class(field, value):
    with pytest.raises(IntegrityError), transaction.atomic():
        ClassFactory(**{field: value})


def test_the_database_accepts_a_free_full_class():
    camp_class = ClassFactory(seats=0, enroll=0, price=Decimal("0.00"))

    camp_class.refresh_from_db()
    assert (camp_class.seats, camp_class.price) == (0, Decimal("0.00"))


def test_a_student_selects_a_class_at_most_once():
    selection = SelectionFactory()

    with pytest.raises(IntegrityError), transaction.atomic():
        SelectionFactory(student=selection.student, camp_class=selection.camp_class)


def test_a_selection_has_no_other_status_than_selected():
    with pytest.raises(IntegrityError), transaction.atomic():
        SelectionFactory(status="Paid")


@pytest.mark.parametrize(
    "image",
    ["/static/img/demo/pottery.webp", "https://i.ibb.co/abc/banner.jpg", "http://localhost/x.png"],
)
def test_a_class_image_is_a_web_url_or_a_path_on_this_site(image):
    instructor = UserFactory(role=Role.INSTRUCTOR)

    ClassFactory.build(image=image, instructor=instructor).full_clean()


@pytest.mark.parametrize(
    "image",
    [
        "static/img/demo/pottery.webp",
        "//elsewhere.test/banner.jpg",
        "/static/my banner.jpg",
        "ftp://files.test/banner.jpg",
        "javascript:alert(1)",
        "",
    ],
)
def test_other_class_images_are_refused(image):
    instructor = UserFactory(role=Role.INSTRUCTOR)
    camp_class = ClassFactory.build(image=image, instructor=instructor)

    with pytest.raises(ValidationError) as refused:
        camp_class.full_clean()

    assert list(refused.value.message_dict) == ["image"]
