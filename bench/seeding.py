"""The school the registration-morning scripts (bench/rush.py, bench/request_cpu.py) seed: classes
of a catalog and families with their children, inserted directly.

Models are imported where they are used: the scripts set Django up after importing this module.
"""

from datetime import timedelta
from decimal import Decimal


def school_seeded(
    catalog,
    *,
    domain: str,
    instructor_name: str,
    price: Decimal,
    classes: dict[int, dict],
    children: list[int],
) -> tuple[list, list, list]:
    """The classes, the families' accounts and their children, in the order asked.

    `classes` maps each catalog number to the fields of its own (seats, enrolled, season...); all
    are approved, taught by one instructor at `price`, open to every age. Family n is
    `family{n}@domain` with `children[n]` children of six to twelve, their paperwork done: a
    morning's bench measures the registration, not the forms."""
    from django.utils import timezone

    from accounts.models import Participant, Role, User
    from classes.models import Category, Class, ClassStatus, Meeting
    from classes.schedule import school_timezone
    from testing.care import care_completed_in_bulk

    today = timezone.localdate(timezone=school_timezone())
    category_ids = dict(Category.objects.values_list("slug", "id"))
    instructor = User.objects.create(
        email=f"instructor@{domain}", name=instructor_name, role=Role.INSTRUCTOR
    )
    seeded_classes = Class.objects.bulk_create(
        Class(
            image=f"https://images.camp.test/classes/{number}.jpg",
            price=price,
            status=ClassStatus.APPROVED,
            instructor=instructor,
            location="Studio 1",
            **{**catalog.details(number, category_ids), "age_min": None, "age_max": None},
            **fields,
        )
        for number, fields in classes.items()
    )
    Meeting.objects.bulk_create(
        Meeting(camp_class=camp_class, day=meeting.day, start=meeting.start, end=meeting.end)
        for camp_class, number in zip(seeded_classes, classes, strict=True)
        for meeting in catalog.meetings(number)
    )
    users = User.objects.bulk_create(
        User(
            email=f"family{n}@{domain}",
            name=f"Parent {n}",
            role=Role.STUDENT,
            password="!",  # noqa: S106 - unusable: nobody signs in with a password
        )
        for n in range(len(children))
    )
    Participant.objects.bulk_create(
        Participant(account=user, is_account_holder=True, first_name="Parent", last_name=str(n))
        for n, user in enumerate(users)
    )
    seeded_children = Participant.objects.bulk_create(
        Participant(
            account=user,
            first_name=f"Child{nth}",
            last_name=str(n),
            date_of_birth=today - timedelta(days=365 * (6 + (n + nth) % 7)),
        )
        for n, user in enumerate(users)
        for nth in range(children[n])
    )
    care_completed_in_bulk(seeded_children)
    return seeded_classes, users, seeded_children


def stripe_customers_made(users: list, *, threads: int = 8) -> None:
    """Each family's Stripe Customer and the SetupIntent made ahead under it for their first
    payment page, made as the worker makes them when a family registers
    (payments.services.customers): the morning's families registered before it. Stripe is the
    one the settings name (STRIPE_API_BASE)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    from payments.services.customers import customer_made_ahead

    def made(user) -> str | None:
        try:
            return customer_made_ahead(student_id=user.pk)
        finally:
            connection.close()

    with ThreadPoolExecutor(threads) as pool:
        made_ids = list(pool.map(made, users))
    missing = [user.email for user, made_id in zip(users, made_ids, strict=True) if not made_id]
    if missing:
        raise RuntimeError(f"No Stripe Customer for {len(missing)} families, {missing[0]} first")
    from payments.models import StripeCustomer

    unready = StripeCustomer.objects.filter(
        student__in=[user.pk for user in users], ready_setup_intent_id=""
    ).count()
    if unready:
        raise RuntimeError(f"No SetupIntent made ahead for {unready} families")


def series_seeded(
    catalog,
    *,
    season,
    instructor,
    price: Decimal,
    seats: int,
    series: int,
    weeks: int,
) -> list:
    """`series` day camps of the season sold by the week (`classes.series`), each of `weeks`
    weeks from the catalog's first Monday, Monday to Friday 9 to 3, open to every age; each week
    a class of its own (a unit of its camp) of `seats` seats at `price`. The weeks, camp by camp,
    in order."""
    from datetime import time

    from classes.models import Booking, Category, Class, ClassStatus, Meeting
    from classes.schedule import Schedule, meeting_times
    from classes.series import week_label

    category_ids = dict(Category.objects.values_list("slug", "id"))

    def words(number: int) -> dict:
        details = catalog.details(number, category_ids)
        return {
            "name": f"Day Camp {number + 1}",
            "description": details["description"],
            "category_id": details["category_id"],
        }

    def week_of(nth: int) -> tuple[Schedule, list]:
        monday = catalog.season + timedelta(weeks=nth)
        schedule = Schedule(
            start_date=monday,
            end_date=monday + timedelta(days=4),
            meeting_days=(0, 1, 2, 3, 4),
            start_time=time(9),
            end_time=time(15),
        )
        return schedule, meeting_times(schedule)

    def dated(schedule: Schedule, meetings: list) -> dict:
        return {
            "start_date": schedule.start_date,
            "end_date": schedule.end_date,
            "meeting_days": list(schedule.meeting_days),
            "start_time": schedule.start_time,
            "end_time": schedule.end_time,
            "starts_at": meetings[0].start,
            "ends_at": meetings[-1].end,
        }

    shared = {
        "image": "https://images.camp.test/classes/day-camp.jpg",
        "price": price,
        "seats": seats,
        "enroll": 0,
        "status": ClassStatus.APPROVED,
        "instructor": instructor,
        "location": "Studio 1",
        "season": season,
        "age_min": None,
        "age_max": None,
    }
    first, _ = week_of(0)
    last, last_meetings = week_of(weeks - 1)
    whole = Schedule(
        start_date=first.start_date,
        end_date=last.end_date,
        meeting_days=first.meeting_days,
        start_time=first.start_time,
        end_time=first.end_time,
    )
    camps = Class.objects.bulk_create(
        Class(booking=Booking.WEEKS, **shared, **words(n), **dated(whole, meeting_times(whole)))
        for n in range(series)
    )
    weeks_made = [week_of(nth) for nth in range(weeks)]
    units = Class.objects.bulk_create(
        Class(
            unit_of=camp,
            unit_label=week_label(nth + 1, schedule.start_date, schedule.end_date),
            **shared,
            **words(n),
            **dated(schedule, meetings),
        )
        for n, camp in enumerate(camps)
        for nth, (schedule, meetings) in enumerate(weeks_made)
    )
    Meeting.objects.bulk_create(
        Meeting(camp_class=unit, day=meeting.day, start=meeting.start, end=meeting.end)
        for unit, (_, meetings) in zip(units, weeks_made * series, strict=True)
        for meeting in meetings
    )
    return units
