"""Test data for every app's tests; each factory makes a valid row with sensible defaults."""

import io
from decimal import Decimal

import factory
from django.utils import timezone
from factory.django import DjangoModelFactory, Password
from PIL import Image

from accounts.models import Role, User
from classes.models import Class, ClassStatus
from enrolments.models import Enrolment, EnrolmentStatus, Selection
from payments.models import Payment, PaymentStatus


class UserFactory(DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"person{n}@camp.test")
    name = factory.Faker("name")
    photo = factory.Sequence(lambda n: f"https://images.camp.test/people/{n}.jpg")
    role = Role.STUDENT
    # As accounts.services.user_set_role keeps it: Django admin's staff flag follows the role.
    is_staff = factory.LazyAttribute(lambda person: person.role == Role.ADMIN)
    # People sign in through Firebase, so a local password is the exception.
    password = Password(None)


class ClassFactory(DjangoModelFactory):
    class Meta:
        model = Class

    name = factory.Sequence(lambda n: f"Craft class {n}")
    image = factory.Sequence(lambda n: f"https://images.camp.test/classes/{n}.jpg")
    price = Decimal("45.50")
    seats = 10
    enroll = 0
    status = ClassStatus.PENDING
    instructor = factory.SubFactory(UserFactory, role=Role.INSTRUCTOR)


class SelectionFactory(DjangoModelFactory):
    class Meta:
        model = Selection

    student = factory.SubFactory(UserFactory)
    camp_class = factory.SubFactory(ClassFactory, status=ClassStatus.APPROVED)


class EnrolmentFactory(DjangoModelFactory):
    class Meta:
        model = Enrolment

    student = factory.SubFactory(UserFactory)
    camp_class = factory.SubFactory(ClassFactory, status=ClassStatus.APPROVED)
    status = EnrolmentStatus.ACTIVE


class PaymentFactory(DjangoModelFactory):
    """A payment; an enrolled one comes with the enrolment (the seat) it bought."""

    class Meta:
        model = Payment

    student = factory.SubFactory(UserFactory)
    camp_class = factory.SubFactory(ClassFactory, status=ClassStatus.APPROVED)
    transaction_id = factory.Sequence(lambda n: f"pi_test_{n:06d}")
    price = factory.SelfAttribute("camp_class.price")
    status = PaymentStatus.ENROLL_PENDING
    date = factory.LazyFunction(timezone.now)
    enrolment = factory.Maybe(
        factory.LazyAttribute(lambda payment: payment.status == PaymentStatus.ENROLLED),
        yes_declaration=factory.SubFactory(
            EnrolmentFactory,
            student=factory.SelfAttribute("..student"),
            camp_class=factory.SelfAttribute("..camp_class"),
            created_at=factory.SelfAttribute("..date"),
        ),
        no_declaration=None,
    )


def banner_png() -> io.BytesIO:
    """A small PNG as the add-class form uploads it, named like a file."""
    image = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(image, format="PNG")
    image.seek(0)
    image.name = "banner.png"
    return image


def class_answer(camp_class: Class) -> dict:
    """A class as the API answers it (spec section 3), for comparing whole answers."""
    return {
        "_id": camp_class.pk,
        "nameClass": camp_class.name,
        "image": camp_class.image,
        "price": float(camp_class.price),
        "seats": camp_class.seats,
        "instructorName": camp_class.instructor.name,
        "instructorEmail": camp_class.instructor.email,
        "status": camp_class.status,
        "enroll": camp_class.enroll,
    }
