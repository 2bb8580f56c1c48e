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
