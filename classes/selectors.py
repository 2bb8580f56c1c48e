from datetime import datetime

from django.db.models import Count, Exists, F, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from accounts.models import Role, User
from classes.models import Category, Class, ClassStatus, Meeting

POPULAR_CLASS_COUNT = 6


def classes_for_answers() -> QuerySet[Class]:
    # Every class answer shows the instructor's name and e-mail, and its category; its meetings
    # come from its schedule (classes.schedule.meetings_of), with no query.
    return Class.objects.select_related("instructor", "category").annotate(seats_free=seats_free())


def seats_free(*, through: str = "", now: datetime | None = None):
    """The seats left less those held now (families paying, waitlist offers), in the query
    itself: a hold stops counting at its expiry, whenever the list is read. Holds are
    enrolments' rows, read through their reverse relation, as classes imports nothing of it.

    `through` names the relation to the class when the rows read are not classes
    ("camp_class" for an enrolment). `now` is the time the holds are counted at, this moment
    unless a compiled list (core.compiled) passes it as its own value."""
    holds = Class._meta.get_field("seat_holds").related_model.objects
    class_of = f"{through}_id" if through else "pk"
    seats = f"{through}__seats" if through else "seats"
    held = (
        holds.filter(camp_class=OuterRef(class_of), expires_at__gt=now or timezone.now())
        .order_by()
        .values("camp_class")
        .annotate(count=Count("*"))
        .values("count")
    )
    return Greatest(
        F(seats) - Coalesce(Subquery(held, output_field=IntegerField()), Value(0)), Value(0)
    )


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
    """The people who hold a seat in a class, for the messages its changes send.

    Read through the reverse relation enrolments declares on the class (`Enrolment.camp_class`,
    related name `enrolments`): classes sits below enrolments and imports nothing of it, so the
    active status is named here by its stored value.
    """
    return User.objects.filter(
        enrolments__camp_class_id=class_id, enrolments__status="active"
    ).order_by("id")


def approved_classes_among(*, class_ids: list[int]) -> QuerySet[Class]:
    """Those of these classes that are approved (open to families), by id."""
    return Class.objects.filter(pk__in=class_ids, status=ClassStatus.APPROVED).order_by("id")
