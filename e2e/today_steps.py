"""Steps of the tests of Today on a phone: a class meeting now, a family's children on its
roster with their care records done, and the instructor on the page at a phone's width."""

from datetime import datetime, time, timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Participant, Role, User
from classes.models import Class, ClassStatus
from core.school_time import school_timezone, school_today
from e2e.class_steps import sign_in
from e2e.helpers import demo_image
from payments.models import PaymentStatus
from testing.care import care_completed
from testing.factories import ChildFactory, PaymentFactory, UserFactory, scheduled_class

PHONE = {"width": 390, "height": 844}


def meeting_hours_around_now() -> tuple[time, time]:
    """A meeting that started an hour ago (at midnight, in the first hour of the day) and runs
    on until before the next midnight at the school: its instructor may take attendance now, at
    any hour of the run."""
    now = timezone.localtime(timezone=school_timezone())
    midnight = datetime.combine(now.date(), time(0), tzinfo=school_timezone())
    start = max(now - timedelta(hours=1), midnight).replace(second=0, microsecond=0)
    end = min(start + timedelta(hours=3), midnight + timedelta(hours=23, minutes=59))
    return start.time(), end.time()


def class_meeting_now(name: str, instructor: User, *, location: str) -> Class:
    """A class meeting today only, begun an hour ago, at the school's time."""
    today = school_today()
    return scheduled_class(
        name=name,
        start=today,
        end=today,
        days=(today.weekday(),),
        hours=meeting_hours_around_now(),
        instructor=instructor,
        image=demo_image("watercolor.webp"),
        location=location,
        status=ClassStatus.APPROVED,
    )


def lopez_children_enrolled(
    camp_class: Class, first_names: tuple[str, ...], **care
) -> dict[str, Participant | User]:
    """Ana Lopez (`parent`) and her children of `first_names`, each enrolled in the class with a
    complete care record (`care`: what it says besides)."""
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    family = {"parent": parent}
    for first_name in first_names:
        child = ChildFactory(account=parent, first_name=first_name, last_name="Lopez", care=False)
        care_completed(child, **care)
        PaymentFactory(
            student=parent, participant=child, camp_class=camp_class, status=PaymentStatus.ENROLLED
        )
        family[first_name] = child
    return family


def fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def open_today(page: Page, email: str, *, class_name: str) -> None:
    sign_in(page, email)
    page.set_viewport_size(PHONE)
    page.goto("/dashboard/today")
    expect(page.get_by_role("heading", level=1, name="Today")).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=class_name)).to_be_visible()
