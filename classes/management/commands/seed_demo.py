"""Fill an empty database with demo instructors, people and a summer season of classes; safe
to run again.

The season is the coming summer's, counted from the day it runs (`season_start`), so its
classes are always ahead: several weeks from the second Monday of June, morning, afternoon and
evening classes for ages 5 to 17 and for adults, in every category of the school. Last summer's
run of some of them has ended (`LAST_SEASON`), as a school in its second year has, so the
catalog's archive and an ended class's page can be seen.
"""

import json
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts import firebase
from accounts.models import Role, User
from accounts.services import account_holder_of, participant_create
from classes.models import (
    Booking,
    CareKind,
    Category,
    Class,
    ClassStatus,
    ExtendedCare,
    Season,
)
from classes.schedule import WEEKDAY_NAMES, school_timezone
from classes.series import extended_care_offer, units_follow_series
from classes.services import class_create
from core.pictures import variant_name

DEMO_STUDENT_EMAIL = "student@camp.test"
DEMO_ADMIN_EMAIL = "admin@camp.test"
# Every demo account signs in with this password, and only where identity is the emulator.
DEMO_PASSWORD = "Camp@2003"  # noqa: S105 - a published demo password, emulator only

# Demo instructors by handle; the handle also names their e-mail and portrait.
INSTRUCTORS = {
    "maya-lindqvist": "Maya Lindqvist",
    "tomas-okafor": "Tomas Okafor",
    "aiko-tanaka": "Aiko Tanaka",
    "rafael-moreno": "Rafael Moreno",
    "priya-raman": "Priya Raman",
    "elsa-brandt": "Elsa Brandt",
    "kofi-mensah": "Kofi Mensah",
}


@dataclass(frozen=True)
class DemoClass:
    name: str
    handle: str
    banner: str
    price: str
    seats: int
    enroll: int
    status: str
    category: str
    level: str
    location: str
    # Youngest and oldest, in years; (18, None) is a class for adults.
    ages: tuple[int | None, int | None]
    # Which week of the season it starts in (0 is the first), the weekdays it meets, for how
    # many weeks, and its hours; INDEPENDENCE_WEEK starts it in the week of the Fourth of July
    # holiday, which it skips.
    week: int
    days: str
    hours: tuple[str, str]
    description: str
    weeks: int = 1
    # Registration closes this many days before the first meeting, at 5 p.m.; None leaves the
    # default (the first meeting's start).
    closes_days_before: int | None = None
    # Sold whole, or by the week or the day (each a unit with `price` and `seats` of its own).
    booking: str = Booking.WHOLE
    # A day camp closes on the Fourth of July holiday that falls in its weeks.
    closed_on_independence_day: bool = False
    # The unit (0 is the first) that is already sold out, so the demo shows a full one.
    full_unit: int | None = None


# What a child brings to a class of each kind, as the school's e-mails list it.
WHAT_TO_BRING = {
    "drawing": "A sketchbook you like; pencils are provided.",
    "glass": "Closed-toe shoes and long hair tied back; safety glasses are provided.",
    "jewelry": "Nothing: beads, wire and tools are provided.",
    "mixed-media": "Old clothes or an apron, and a few magazines to cut up.",
    "painting": "An apron or an old shirt, and a water bottle.",
    "paper-origami": "Nothing: paper is provided.",
    "photography": "A phone or camera, charged.",
    "pottery-ceramics": "Old clothes, a towel and short fingernails.",
    "printmaking": "An apron; inks are washable but aprons are kinder.",
    "sculpture": "Old clothes and a water bottle.",
    "textiles-weaving": "Nothing: yarn and looms are provided.",
    "woodworking": "Closed-toe shoes; safety glasses and tools are provided.",
}

INDEPENDENCE_WEEK = -1

# The enrolment counts differ so the popular classes come out in a clear order; one approved
# class is full. Every category has an approved class; there are morning, afternoon and
# evening classes, ages 5 to 17 and adults, two one-day workshops and one holiday. The school's
# words for each are data, kept beside this command: a class's `week` of INDEPENDENCE_WEEK
# starts it in the week of the Fourth of July holiday.
CLASSES = [
    DemoClass(**{**row, "ages": tuple(row["ages"]), "hours": tuple(row["hours"])})
    for row in json.loads((Path(__file__).parent / "demo_classes.json").read_text())
]

DAY_CAMP_HOURS = ("09:00", "15:00")
# Day camps: the season's first five weeks, Monday to Friday, sold by the week or the day.
# fmt: off
DAY_CAMPS = [
    DemoClass(
        "Art Explorers", "tomas-okafor", "painting", "245.00", 16, 0, "Approved",
        category="mixed-media", level="all-levels", location="Studio A",
        ages=(6, 9), week=0, days="mon tue wed thu fri", hours=DAY_CAMP_HOURS, weeks=5,
        booking=Booking.WEEKS, closed_on_independence_day=True,
        description=(
            "A week of day camp for young artists: painting in the morning, printing, collage "
            "and clay in the afternoon, and a show for families on Friday.\n\n"
            "Each week has a theme of its own, so children can come for one week or all five "
            "without making the same thing twice.\n\n"
            "Before-care from 7:30 and after-care until 6 can be added to any day."
        ),
    ),
    DemoClass(
        "Young Makers Studio", "rafael-moreno", "woodcarving", "55.00", 12, 0, "Approved",
        category="woodworking", level="beginner", location="Wood Shop",
        ages=(10, 13), week=0, days="mon tue wed thu fri", hours=DAY_CAMP_HOURS, weeks=5,
        booking=Booking.DAYS, closed_on_independence_day=True, full_unit=4,
        description=(
            "A day in the shop for makers of 10 to 13: each day a project of its own in wood, "
            "wire or cardboard, from a catapult to a marble run.\n\n"
            "Come for one day or many. Tools are used under close supervision, with safety "
            "glasses and ear protection."
        ),
    ),
]
# fmt: on


@dataclass(frozen=True)
class DemoCare:
    kind: str
    label: str
    hours: tuple[str, str]
    price_per_day: str
    price_per_week: str
    seats: int
    # Who looks after the children: a demo instructor's handle.
    handle: str


# The day camps' before- and after-care, each day their units meet.
EXTENDED_CARE = [
    DemoCare(
        CareKind.BEFORE, "Before-care", ("07:30", "09:00"), "15.00", "60.00", 20, "elsa-brandt"
    ),
    DemoCare(
        CareKind.AFTER, "After-care", ("15:00", "18:00"), "25.00", "100.00", 20, "kofi-mensah"
    ),
]


# A season's classes begin at least this long after the seeding, so the registration that
# closes a week before them is still open.
SEASON_LEAD = timedelta(weeks=3)


def season_start(today: date) -> date:
    """The second Monday of June of the coming summer: this year's while it is far enough
    ahead, else next year's."""
    start = _second_monday_of_june(today.year)
    if start - today < SEASON_LEAD:
        start = _second_monday_of_june(today.year + 1)
    return start


def _second_monday_of_june(year: int) -> date:
    first = date(year, 6, 1)
    return first + timedelta(days=(7 - first.weekday()) % 7 + 7)


def independence_day_observed(year: int) -> date:
    """The weekday the Fourth of July is kept: the Friday before a Saturday, the Monday after
    a Sunday."""
    fourth = date(year, 7, 4)
    shift = {5: -1, 6: 1}.get(fourth.weekday(), 0)
    return fourth + timedelta(days=shift)


def schedule_details(demo: DemoClass, start: date) -> dict:
    """The class's schedule as classes.services takes it, in the season that begins `start`."""
    days = [WEEKDAY_NAMES.index(day) for day in demo.days.split()]
    holidays = []
    holiday = independence_day_observed(start.year)
    if demo.week == INDEPENDENCE_WEEK:
        monday = holiday - timedelta(days=holiday.weekday())
        holidays = [holiday]
    else:
        monday = start + timedelta(weeks=demo.week)
    first = monday + timedelta(days=min(days))
    last = monday + timedelta(weeks=demo.weeks - 1, days=max(days))
    if demo.closed_on_independence_day and first <= holiday <= last:
        holidays = [holiday]
    details = {
        "start_date": first,
        "end_date": last,
        "meeting_days": days,
        "start_time": time.fromisoformat(demo.hours[0]),
        "end_time": time.fromisoformat(demo.hours[1]),
        "no_meeting_dates": holidays,
    }
    if demo.closes_days_before is not None:
        details["registration_closes_at"] = datetime.combine(
            first - timedelta(days=demo.closes_days_before), time(17), tzinfo=school_timezone()
        )
    return details


# The approved classes the school also ran last summer, all ended: the catalog leaves them for
# its archive, and each one's page points to this summer's classes like it.
LAST_SEASON = (
    "Wheel-Thrown Pottery",
    "Acrylic Painting Basics",
    "Loom Weaving for Beginners",
    "Origami Animals",
    "Brush Calligraphy",
    "Woodcarving Spoons",
    "Beaded Jewelry",
    "Glass Tile Mosaics",
    "Gelli Plate Printing",
    "Little Potters",
)
# Its classes ended at least this long before the demo is seeded.
LAST_SEASON_ENDED_WEEKS_AGO = 2


def last_season_start(start: date, today: date) -> date:
    """When last summer's classes began: the second Monday of last June, or earlier should the
    demo be seeded in a summer, so that every one of them has ended by `today`."""
    longest = max(demo.week + demo.weeks for demo in CLASSES if demo.name in LAST_SEASON)
    latest = today - timedelta(weeks=longest + LAST_SEASON_ENDED_WEEKS_AGO)
    latest -= timedelta(days=latest.weekday())
    return min(_second_monday_of_june(start.year - 1), latest)


DENIAL_FEEDBACK = "Please add a materials list and the safety steps for the tools."


# The widest copy of each picture (scripts/generate_demo_images.py), whose name tells the pages
# that the smaller ones sit beside it (core/pictures.py).
BANNER_LARGEST = 1280
PORTRAIT_LARGEST = 960


def demo_image(name: str, largest: int = BANNER_LARGEST) -> str:
    # Served by the app itself (see scripts/generate_demo_images.py for their origin).
    return f"{settings.STATIC_URL}img/demo/{variant_name(name, largest)}"


def portrait(name: str) -> str:
    return demo_image(f"people/{name}", PORTRAIT_LARGEST)


class Command(BaseCommand):
    help = (
        "Create the demo instructors, student, admin and a summer season of classes with "
        "their meetings; does nothing if present."
    )

    @transaction.atomic
    def handle(self, *args, **options):
        created = {
            "instructors": 0,
            "demo accounts": 0,
            "children": 0,
            "seasons": 0,
            "classes": 0,
            "extended-care options": 0,
        }

        # Profiles are refreshed on every run; state that the app changes (a class's
        # status, seats and enrolments, the student's role) is set only on creation, so
        # running this again never undoes what people did in the demo.
        instructors = {}
        for handle, name in INSTRUCTORS.items():
            instructors[handle], was_created = User.objects.update_or_create(
                email=f"{handle.replace('-', '.')}@camp.test",
                defaults={"name": name, "photo": portrait(handle), "role": Role.INSTRUCTOR},
            )
            created["instructors"] += was_created

        student_profile = {"name": "Sam Student", "photo": portrait("student")}
        student, was_created = User.objects.update_or_create(
            email=DEMO_STUDENT_EMAIL,
            defaults=student_profile,
            create_defaults={**student_profile, "role": Role.STUDENT},
        )
        created["demo accounts"] += was_created
        start = season_start(timezone.localdate(timezone=school_timezone()))
        if was_created:
            created["children"] = self._family(student, start=start)
        admin, was_created = User.objects.update_or_create(
            email=DEMO_ADMIN_EMAIL,
            defaults={"name": "Alex Admin", "photo": portrait("admin"), "role": Role.ADMIN},
        )
        created["demo accounts"] += was_created

        created["seasons"] = self._seasons(start)
        categories = {category.slug: category for category in Category.objects.all()}
        for demo in [*CLASSES, *DAY_CAMPS]:
            created["classes"] += self._class(demo, instructors[demo.handle], start, categories)
        created["extended-care options"] = self._extended_care(start, instructors)
        last_season = Season.objects.get(name=f"Summer {start.year - 1}")
        last_start = last_season_start(start, timezone.localdate(timezone=school_timezone()))
        for demo in CLASSES:
            if demo.name in LAST_SEASON:
                created["classes"] += self._class(
                    demo, instructors[demo.handle], last_start, categories, season=last_season
                )

        if settings.FIREBASE_AUTH_EMULATOR_HOST:
            created["emulator sign-ins"] = self._emulator_sign_ins(
                [*instructors.values(), student, admin]
            )

        if not any(created.values()):
            self.stdout.write("Nothing to do: demo data already present.")
            return
        summary = ", ".join(f"{count} {kind}" for kind, count in created.items() if count)
        self.stdout.write(self.style.SUCCESS(f"Created {summary}."))
        self.stdout.write(f"Demo student: {DEMO_STUDENT_EMAIL}; demo admin: {DEMO_ADMIN_EMAIL}.")
        if settings.FIREBASE_AUTH_EMULATOR_HOST:
            self.stdout.write(f"Every demo account signs in with the password {DEMO_PASSWORD}.")

    def _family(self, parent: User, *, start: date) -> int:
        """The demo student is a parent too: two children of camp age, one with an allergy
        the instructor should know of. Made with the account only, so a child the demo's
        users removed stays removed."""
        account_holder_of(parent)
        children = [
            ("Lily", start.replace(year=start.year - 9) - timedelta(days=40), "Allergic to nuts."),
            ("Max", start.replace(year=start.year - 6) + timedelta(days=25), ""),
        ]
        for first_name, born, notes in children:
            participant_create(
                account=parent,
                first_name=first_name,
                last_name="Student",
                date_of_birth=born,
                notes=notes,
                emergency_contact_name="Jo Student",
                emergency_contact_phone="+1 415 555 0100",
            )
        return len(children)

    def _seasons(self, start: date) -> int:
        """Last summer (closed), the coming one (open now) and the one after (opening in a
        month, a week earlier for returning families), so each state can be seen. The demo
        classes join the coming one by their dates."""
        now = timezone.now().astimezone(school_timezone())
        today = now.date()
        made = 0
        zone = school_timezone()
        for year, opens_on, closes_on in (
            (start.year - 1, date(start.year - 1, 1, 15), min(date(start.year - 1, 9, 1), today)),
            (
                start.year,
                min(today - timedelta(days=14), date(start.year, 1, 15)),
                date(start.year, 9, 1),
            ),
            (
                start.year + 1,
                max(today + timedelta(days=30), date(start.year, 9, 1)),
                date(start.year + 1, 9, 1),
            ),
        ):
            opens_at = datetime.combine(opens_on, time(9), zone)
            _, was_created = Season.objects.get_or_create(
                name=f"Summer {year}",
                defaults={
                    "starts_on": date(year, 6, 1),
                    "ends_on": date(year, 8, 31),
                    "opens_at": opens_at,
                    "closes_at": datetime.combine(closes_on, time(0), zone),
                    "early_access_opens_at": opens_at - timedelta(days=7),
                    "early_access_returning": True,
                },
            )
            made += was_created
        return made

    def _class(
        self,
        demo: DemoClass,
        instructor: User,
        start: date,
        categories: dict[str, Category],
        season: Season | None = None,
    ) -> bool:
        """The demo class, made through classes.services (so its meetings are made) when it is
        not there yet; whether it was made. Only its picture is refreshed on a later run. Given
        a `season`, its run in that season (last summer's), which ended full."""
        image = demo_image(demo.banner)
        existing = Class.objects.filter(name=demo.name, instructor=instructor)
        if season is not None:
            existing = existing.filter(season=season)
        if existing.exists():
            existing.exclude(image=image).update(image=image)
            return False
        camp_class = class_create(
            instructor=instructor,
            name=demo.name,
            image=image,
            price=Decimal(demo.price),
            seats=demo.seats,
            description=demo.description,
            category=categories[demo.category],
            level=demo.level,
            location=demo.location,
            what_to_bring=WHAT_TO_BRING[demo.category],
            age_min=demo.ages[0],
            age_max=demo.ages[1],
            **schedule_details(demo, start),
            booking=demo.booking,
            **({"season": season} if season is not None else {}),
        )
        # The demo's own past: reviewed and partly taken, as if people had used the site. Set
        # directly, so seeding sends no review e-mails.
        Class.objects.filter(pk=camp_class.pk).update(
            status=demo.status,
            enroll=demo.enroll,
            # Last summer's runs filled up.
            seats=demo.seats if season is None else 0,
            feedback=DENIAL_FEEDBACK if demo.status == ClassStatus.DENIED else "",
        )
        if demo.booking != Booking.WHOLE:
            units_follow_series(series_id=camp_class.pk, status=demo.status)
        if demo.full_unit is not None:
            full = camp_class.units.order_by("start_date")[demo.full_unit]
            Class.objects.filter(pk=full.pk).update(seats=0)
        return True

    def _extended_care(self, start: date, instructors: dict[str, User]) -> int:
        """The coming summer's before- and after-care, for every day its day camps meet; how many
        options were made (an option there already keeps its prices and seats)."""
        season = Season.objects.get(name=f"Summer {start.year}")
        made = 0
        for care in EXTENDED_CARE:
            made += not ExtendedCare.objects.filter(
                season=season, kind=care.kind, label=care.label
            ).exists()
            extended_care_offer(
                season=season,
                kind=care.kind,
                label=care.label,
                start_time=time.fromisoformat(care.hours[0]),
                end_time=time.fromisoformat(care.hours[1]),
                price_per_day=Decimal(care.price_per_day),
                price_per_week=Decimal(care.price_per_week),
                seats=care.seats,
                led_by=instructors[care.handle],
            )
        return made

    def _emulator_sign_ins(self, people: list[User]) -> int:
        """Demo accounts in the Firebase Auth emulator, so the demo logins work locally."""
        # Firebase wants absolute photo URLs; the demo portraits are served by this site.
        site = settings.SITE_URL.rstrip("/")
        return sum(
            firebase.ensure_account(
                email=person.email,
                password=DEMO_PASSWORD,
                name=person.name,
                photo=f"{site}{person.photo}" if person.photo.startswith("/") else person.photo,
            )
            for person in people
        )
