from django.db.models import Exists, F, OuterRef, QuerySet
from django.utils import timezone

from accounts.models import Role, User
from classes.models import Category, Class, ClassStatus, Meeting, Season
from core import events
from core.public_cache import LiveFigure

POPULAR_CLASS_COUNT = 6


def classes_for_answers() -> QuerySet[Class]:
    # Every class answer shows the instructor's name and e-mail, and its category; its meetings
    # come from its schedule (classes.schedule.meetings_of), with no query.
    return Class.objects.select_related("instructor", "category").annotate(
        seats_free=seats_free_now()
    )


def seats_free_now():
    """A class row's seats free this moment, as a query expression: the seats left less those
    held for families, which the enrolments app counts (`core.events.SEATS_FREE_IN_QUERY`)."""
    return events.ask(events.SEATS_FREE_IN_QUERY, now=timezone.now())


def seats_free_moved(seats_left: dict[int, int]) -> dict[int, int]:
    """Of these classes (id: seats left), those that show fewer seats free now, as families
    hold seats while paying or for a waitlist offer: {id: seats free}. The enrolments app
    counts the holds (`core.events.SEATS_FREE_SHOWN`); a cached list writes these in at each
    serving (`core.public_cache.LiveFigure`, `SEATS_FREE_FIGURE`)."""
    return events.ask(events.SEATS_FREE_SHOWN, seats_left=seats_left)


# How a class list shows its seats free live: each class row's `seatsFree`, from its `seats`.
SEATS_FREE_FIGURE = LiveFigure(field="seatsFree", key="_id", base="seats", source="seats_free")


def class_list_for(*, user, status: str | None = None) -> QuerySet[Class]:
    """All classes for an admin, who reviews them; only the approved ones for anyone else.

    `status` narrows the list further: an admin's review queue, or All Classes for an admin.
    """
    classes = classes_for_answers().order_by("id")
    if not (user.is_authenticated and user.role == Role.ADMIN):
        classes = classes.filter(status=ClassStatus.APPROVED)
    if status:
        classes = classes.filter(status=status)
    return classes


def popular_class_list() -> QuerySet[Class]:
    """The approved classes with the most enrolments; ties go to the older class."""
    return (
        classes_for_answers()
        .filter(status=ClassStatus.APPROVED)
        .order_by("-enroll", "id")[:POPULAR_CLASS_COUNT]
    )


def class_list_by_instructor(*, email: str) -> QuerySet[Class]:
    """Every class an instructor has proposed, whatever its review says."""
    return classes_for_answers().filter(instructor__email=email).order_by("id")


def class_get(*, class_id: int) -> Class | None:
    return classes_for_answers().filter(pk=class_id).first()


def category_list() -> QuerySet[Category]:
    """The school's categories, in the order it keeps them."""
    return Category.objects.order_by("position", "name")


def season_list() -> QuerySet[Season]:
    return Season.objects.order_by("starts_on", "id")


def season_open_now() -> Season | None:
    """The season taking registrations now (the earliest, should two overlap)."""
    now = timezone.now()
    return season_list().filter(opens_at__lte=now, closes_at__gt=now).first()


def approved_classes_of(*, instructor_id: int) -> QuerySet[Class]:
    """An instructor's approved classes for their page, the soonest first; those whose schedule
    is to be announced after every scheduled one."""
    return (
        classes_for_answers()
        .filter(instructor_id=instructor_id, status=ClassStatus.APPROVED)
        .order_by(F("starts_at").asc(nulls_last=True), "id")
    )


def sitemap_classes() -> QuerySet[Class]:
    """Every approved class, oldest first, as the sitemap names it: its id and last change."""
    return Class.objects.filter(status=ClassStatus.APPROVED).order_by("id").only("id", "updated_at")


def sitemap_instructors() -> QuerySet[User]:
    """The instructors whose page shows at least one class, as the sitemap names them."""
    approved = Class.objects.filter(instructor_id=OuterRef("pk"), status=ClassStatus.APPROVED)
    return User.objects.filter(Exists(approved), role=Role.INSTRUCTOR).order_by("id").only("id")


def pending_classes() -> QuerySet[Class]:
    """Classes waiting for an admin's review, the longest waiting first."""
    return classes_for_answers().filter(status=ClassStatus.PENDING).order_by("created_at")


def calendar_meetings(*, classes) -> QuerySet[Meeting]:
    """Every meeting of these classes (a queryset of classes, or their ids) for a calendar, in
    time order, each with its class and instructor. Cancelled ones too: a calendar that copied
    a meeting learns from its STATUS that it is off."""
    return (
        Meeting.objects.filter(camp_class__in=classes)
        .select_related("camp_class__instructor")
        .order_by("start", "id")
    )


def seat_holders_of(*, class_id: int) -> QuerySet[User]:
    """The accounts that hold a seat in a class, for the messages its changes send: the
    enrolments app knows them (`core.events.SEAT_HOLDERS`)."""
    return events.ask(events.SEAT_HOLDERS, class_id=class_id)


def approved_classes_among(*, class_ids: list[int]) -> QuerySet[Class]:
    """Those of these classes that are approved (open to families), by id."""
    return Class.objects.filter(pk__in=class_ids, status=ClassStatus.APPROVED).order_by("id")
