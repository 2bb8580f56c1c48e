"""Test data for every app's tests; each factory makes a valid row with sensible defaults."""

import io
from datetime import date, time
from decimal import Decimal
from zoneinfo import ZoneInfo

import factory
from django.conf import settings
from django.utils import timezone
from factory.django import DjangoModelFactory, Password
from faker.providers.person.en_US import Provider as EnglishNames
from PIL import Image

from accounts.models import Participant, Role, User
from accounts.services import account_holder_of
from classes.models import Class, ClassStatus
from classes.search import search_vector_refresh
from classes.services import class_create
from enrolments.models import Enrolment, EnrolmentStatus, Selection
from extras.models import AddOn
from payments.models import Payment, PaymentStatus
from payments.selectors import seat_paid
from payments.services.ledger import ledger_card_refunded, ledger_payment_made
from testing.care import care_completed
from testing.seats import seats_free_now


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

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):
        # A class the services made would be found by a search: so is one made here.
        super()._after_postgeneration(instance, create, results)
        if create:
            search_vector_refresh(classes=Class.objects.filter(pk=instance.pk))


def scheduled_class(
    *,
    start: date,
    end: date | None = None,
    days: tuple[int, ...] = (),
    hours: tuple[time, time] = (time(9), time(12)),
    status: str = ClassStatus.APPROVED,
    instructor: User | None = None,
    **details,
) -> Class:
    """A class with a schedule, its meetings made the way an instructor's edit makes them
    (classes.services), then given the review status asked for."""
    camp_class = class_create(
        instructor=instructor or UserFactory(role=Role.INSTRUCTOR),
        name=details.pop("name", None) or f"Scheduled class {start.isoformat()}",
        image=details.pop("image", "https://images.camp.test/classes/scheduled.jpg"),
        price=details.pop("price", Decimal("45.50")),
        seats=details.pop("seats", 10),
        start_date=start,
        end_date=end,
        meeting_days=list(days),
        start_time=hours[0],
        end_time=hours[1],
        **details,
    )
    Class.objects.filter(pk=camp_class.pk).update(status=status)
    camp_class.refresh_from_db()
    return camp_class


_CHILD_FIRST_NAMES = tuple(EnglishNames.first_names)


class ChildFactory(DjangoModelFactory):
    """A child of a family: no login, a date of birth, taking classes on the account."""

    class Meta:
        model = Participant
        skip_postgeneration_save = True

    account = factory.SubFactory(UserFactory)
    is_account_holder = False
    # Brothers and sisters share a surname and, here, a birthday, and a family may not list one
    # child twice (participant_child_once_per_family): Faker's random names can repeat, so
    # children take its names in turn, distinct for the next 690 children made.
    first_name = factory.Sequence(lambda n: _CHILD_FIRST_NAMES[n % len(_CHILD_FIRST_NAMES)])
    last_name = factory.LazyAttribute(lambda child: child.account.name.split()[-1])
    date_of_birth = date(2017, 5, 14)

    @factory.post_generation
    def care(child, create, extracted, **kwargs):
        """A child's paperwork is done unless a test says `care=False`: paying for a child asks
        for it (CARE_REQUIRED_AT), and most tests are about something else."""
        if create and extracted is not False:
            care_completed(child)


# A row for the account holder ("Myself") unless a test names the participant.
_holder_of_student = factory.LazyAttribute(lambda row: account_holder_of(row.student))


class SelectionFactory(DjangoModelFactory):
    class Meta:
        model = Selection

    student = factory.SubFactory(UserFactory)
    participant = _holder_of_student
    camp_class = factory.SubFactory(ClassFactory, status=ClassStatus.APPROVED)


class EnrolmentFactory(DjangoModelFactory):
    class Meta:
        model = Enrolment

    student = factory.SubFactory(UserFactory)
    participant = _holder_of_student
    camp_class = factory.SubFactory(ClassFactory, status=ClassStatus.APPROVED)
    status = EnrolmentStatus.ACTIVE


class PaymentFactory(DjangoModelFactory):
    """A payment; an enrolled one comes with the enrolment (the seat) it bought."""

    class Meta:
        model = Payment
        skip_postgeneration_save = True

    student = factory.SubFactory(UserFactory)
    participant = _holder_of_student
    participant_name = factory.LazyAttribute(lambda payment: payment.participant.name)
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
            participant=factory.SelfAttribute("..participant"),
            camp_class=factory.SelfAttribute("..camp_class"),
            created_at=factory.SelfAttribute("..date"),
        ),
        no_declaration=None,
    )

    @factory.post_generation
    def ledger(payment, create, extracted, **kwargs):
        """A payment made is in the ledger as the app writes it: its card charge and the credit
        spent on it; one the school refunded, its charge given back."""
        if not create:
            return
        ledger_payment_made(payment)
        if payment.status == PaymentStatus.REFUNDED:
            held = seat_paid(payment)
            if held.card:
                ledger_card_refunded(payment, held.card, instalment_id=None)


def banner_png() -> io.BytesIO:
    """A small PNG as the add-class form uploads it, named like a file."""
    image = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(image, format="PNG")
    image.seek(0)
    image.name = "banner.png"
    return image


SPEC_CLASS_FIELDS = (
    "_id",
    "nameClass",
    "image",
    "price",
    "seats",
    "instructorName",
    "instructorEmail",
    "status",
    "enroll",
    "feedback",
)


def spec_shape(answer):
    """Of a class answer (or a list of them), the fields the spec names, which the spec's
    client reads; the catalog's own fields are tested where they are made."""
    if isinstance(answer, list):
        return [spec_shape(item) for item in answer]
    return {key: value for key, value in answer.items() if key in SPEC_CLASS_FIELDS}


def class_answer(camp_class: Class) -> dict:
    """A class as the API answers it (spec section 3, and the catalog's fields), for comparing
    whole answers. Its meetings are read from their rows, not from the schedule the server
    expands them from."""
    zone = ZoneInfo(settings.SCHOOL_TIMEZONE)
    meetings = list(camp_class.meetings.filter(cancelled=False).order_by("start"))
    starts_at = meetings[0].start if meetings else None
    closes_at = camp_class.registration_closes_at or starts_at
    now = timezone.now()

    def school_time(moment):
        return moment.astimezone(zone).isoformat() if moment else None

    def iso(value):
        return value.isoformat() if value else None

    category = camp_class.category
    return {
        "_id": camp_class.pk,
        "nameClass": camp_class.name,
        "image": camp_class.image,
        "price": float(camp_class.price),
        "seats": camp_class.seats,
        # Less the seats held for families paying and waitlist offers.
        "seatsFree": seats_free_now(camp_class),
        "instructorName": camp_class.instructor.name,
        "instructorEmail": camp_class.instructor.email,
        "status": camp_class.status,
        "enroll": camp_class.enroll,
        "instructorId": camp_class.instructor_id,
        "description": camp_class.description,
        "category": category.slug if category else None,
        "categoryName": category.name if category else None,
        "level": camp_class.level or None,
        "location": camp_class.location,
        "whatToBring": camp_class.what_to_bring,
        "ageMin": camp_class.age_min,
        "ageMax": camp_class.age_max,
        "startDate": iso(camp_class.start_date),
        "endDate": iso(camp_class.end_date),
        "meetingDays": [WEEKDAYS[day] for day in camp_class.meeting_days],
        "startTime": camp_class.start_time.strftime("%H:%M") if camp_class.start_time else None,
        "endTime": camp_class.end_time.strftime("%H:%M") if camp_class.end_time else None,
        "noMeetingDates": [str(day) for day in camp_class.no_meeting_dates],
        "meetings": [
            {"id": meeting.pk, "start": school_time(meeting.start), "end": school_time(meeting.end)}
            for meeting in meetings
        ],
        "totalHours": round(
            sum((meeting.end - meeting.start).total_seconds() for meeting in meetings) / 3600, 2
        ),
        "startsAt": school_time(starts_at),
        "registrationClosesAt": school_time(closes_at),
        "registrationOpen": (starts_at is None or now < starts_at)
        and (closes_at is None or now < closes_at),
        "seasonId": camp_class.season_id,
        # The plans' own tests (plans/tests/test_payment_plans.py) give classes plans.
        "plans": [],
        # A class bought whole; a series' weeks are in checkout/tests/test_weeks_and_days.py.
        "booking": camp_class.booking,
        "units": [],
        "unitOf": camp_class.unit_of_id,
        "unitLabel": camp_class.unit_label,
    }


def class_page_answer(camp_class: Class, similar: tuple[Class, ...] = ()) -> dict:
    """A class as its own page's answer gives it (GET /api/classes/{id}): whether it has ended
    (its last meeting before the school's today) and, if so, the open classes like it."""
    today = timezone.localdate(timezone=ZoneInfo(settings.SCHOOL_TIMEZONE))
    last = camp_class.meetings.filter(cancelled=False).order_by("-start").first()
    return {
        **class_answer(camp_class),
        "ended": last is not None and last.day < today,
        "similarClasses": [class_answer(other) for other in similar],
        "addOns": add_ons_answer(camp_class),
        "questions": [question_answer(question) for question in questions_asked(camp_class)],
    }


def questions_asked(camp_class: Class) -> list:
    """A class's questions as a family answers them: its series' own, then its season's."""
    series = camp_class.unit_of or camp_class
    own = list(series.questions.order_by("position", "id"))
    season = camp_class.season.questions.order_by("position", "id") if camp_class.season else []
    return own + list(season)


def question_answer(question) -> dict:
    """One of the school's questions as the API gives it."""
    return {
        "id": question.pk,
        "label": question.label,
        "kind": question.kind,
        "required": question.required,
        "help": question.help,
        "choices": question.choices,
        "showIf": {"questionId": question.show_if_question_id, "answer": question.show_if_answer}
        if question.show_if_question_id
        else None,
        "instructorSees": question.instructor_sees,
    }


def add_ons_answer(camp_class: Class) -> list[dict]:
    """A class's add-ons as its page gives them: its own (a week's or a day's: its series'),
    then its season's, each option with its stock less its sold (no seat held with any)."""
    owner = camp_class.unit_of_id or camp_class.pk
    own = AddOn.objects.filter(camp_class_id=owner).order_by("position", "id")
    season = AddOn.objects.filter(season_id=camp_class.season_id).order_by("position", "id")
    return [
        {
            "id": add_on.pk,
            "label": add_on.label,
            "price": float(add_on.price),
            "required": add_on.required,
            "perDay": add_on.per_day,
            "maxQuantity": add_on.max_quantity,
            "options": [
                {
                    "id": option.pk,
                    "label": option.label,
                    "left": None if option.stock is None else option.stock - option.sold,
                }
                for option in add_on.options.order_by("position", "id")
            ],
        }
        for add_on in [*own, *(season if camp_class.season_id else [])]
    ]


WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
