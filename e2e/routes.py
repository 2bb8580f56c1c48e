"""Every page of the app, who visits it and the school it shows: one table for the checks that
walk them all (accessibility, screenshots).

A page is one line of ROUTES: its visitor, its address and a text its main region shows once
the real content is there (not a loading bar, not the login page a guard sent the visitor to).
Addresses and texts that name seeded rows are functions of the School. A text is a whole message
of the catalogues (or the school's own words), so a page in Spanish is known by its translation.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time, timedelta
from decimal import Decimal

from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Participant, Role, User
from classes.models import Allocation, Category, Class, ClassStatus, Level, Season
from e2e.class_steps import admin_member, instructor_member, member, sign_in
from e2e.helpers import demo_image
from e2e.language import language_chosen, spoken
from enrolments.models import Selection, WaitlistEntry
from enrolments.services.waitlists import waitlist_join
from lottery import draw as the_draw
from lottery.models import Draw, DrawPlace, DrawResult, DrawSeats, Entry, Outcome, WhyNot
from notifications.mailboxes import mailbox_for
from payments.models import Payment, PaymentStatus
from testing.factories import (
    ChildFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)
from testing.seasons import a_season, a_season_class

# Who visits a page: nobody signed in, or someone of a role.
VISITOR = "visitor"
STUDENT = "student"
INSTRUCTOR = "instructor"
ADMIN = "admin"
VISITORS = (VISITOR, STUDENT, INSTRUCTOR, ADMIN)

WIDTHS = {390: 844, 1280: 800}
THEMES = ("light", "dark")


@dataclass(frozen=True)
class School:
    """What the pages show: a family with a paid seat, a selection, a child on a waitlist, an
    instructor with classes and a roster, one class waiting for the admins' review."""

    student: User
    instructor: User
    admin: User
    child: Participant
    watercolour: Class
    clay: Class
    batik: Class
    linocut: Class
    selection: Selection
    payment: Payment
    waitlist_entry: WaitlistEntry
    # A season whose places go by a draw, taking wishes now; and one whose draw is made.
    lottery_open: Season
    lottery_drawn: Season
    # The live server's address, for what the browser keeps per site (the language's cookie).
    base_url: str

    def person(self, visitor: str) -> User | None:
        return None if visitor == VISITOR else getattr(self, visitor)


Text = str | Callable[[School], str]


@dataclass(frozen=True)
class Route:
    name: str
    visitor: str
    path: Text
    shows: Text
    # A selector that must be visible too, for a page whose content is more than text.
    also: str | None = None

    def path_in(self, school: School) -> str:
        return self.path(school) if callable(self.path) else self.path

    def text_in(self, school: School) -> str:
        return self.shows(school) if callable(self.shows) else self.shows


ROUTES = [
    Route("home", VISITOR, "/", "Popular Classes"),
    Route("all-instructors", VISITOR, "/all-instructors", "Maya Lindqvist"),
    Route("instructor", VISITOR, lambda s: f"/instructors/{s.instructor.pk}", "Maya Lindqvist"),
    Route("all-classes", VISITOR, "/all-classes", "Watercolour for Kids"),
    Route("class", VISITOR, lambda s: f"/classes/{s.watercolour.pk}", "Watercolour for Kids"),
    Route("login", VISITOR, "/login", "Log In"),
    Route("register", VISITOR, "/register", "Confirm password"),
    Route("forgot-password", VISITOR, "/forgot-password", "Forgot password"),
    Route("about", VISITOR, "/about", "How we teach"),
    Route("terms", VISITOR, "/terms", "Terms of use"),
    Route("privacy", VISITOR, "/privacy", "Privacy policy"),
    Route("cookies", VISITOR, "/cookies", "Cookie policy"),
    Route("accessibility", VISITOR, "/accessibility", "Asking for help or another format"),
    Route("contact", VISITOR, "/contact", "Contact us"),
    Route("gallery", VISITOR, "/gallery", "No artwork is on show yet."),
    Route(
        "season-draw",
        VISITOR,
        lambda s: f"/seasons/{s.lottery_drawn.pk}/draw",
        "Every wish's outcome",
        also="main table",
    ),
    Route("not-found", VISITOR, "/no-such-page", "404"),
    Route(
        "unsubscribe",
        VISITOR,
        lambda s: f"/unsubscribe/{mailbox_for(s.student.email).token}",
        "Stop announcements",
        also="main button",
    ),
    # The family's to-do list: Mia's paperwork is done and nothing is offered or due.
    Route("todo", STUDENT, "/dashboard", "Nothing to do. You are all set."),
    Route("my-selected-classes", STUDENT, "/dashboard/my-selected-classes", "Batik on Silk"),
    Route(
        "payment",
        STUDENT,
        lambda s: f"/dashboard/payment/{s.selection.pk}",
        "Batik on Silk",
        also="[data-testid=card-element] input",
    ),
    Route("my-enrolled-classes", STUDENT, "/dashboard/my-enrolled-classes", "Mia Lopez"),
    Route("my-payment-history", STUDENT, "/dashboard/my-payment-history", "Mia Lopez"),
    Route(
        "receipt", STUDENT, lambda s: f"/dashboard/receipts/{s.payment.pk}", "Watercolour for Kids"
    ),
    Route("waitlist", STUDENT, "/dashboard/waitlist", "Clay Creatures"),
    Route("family", STUDENT, "/dashboard/family", "Allergic to peanuts."),
    Route(
        "season-wishes",
        STUDENT,
        lambda s: f"/dashboard/seasons/{s.lottery_open.pk}/wishes",
        "Save your wishes",
        also="main form",
    ),
    Route(
        "care-record",
        STUDENT,
        lambda s: f"/dashboard/family/{s.child.pk}/care",
        "Emergency contacts",
        also="main form",
    ),
    Route("my-profile", STUDENT, "/dashboard/profile", "sam@camp.test"),
    Route("my-classes", INSTRUCTOR, "/dashboard/my-classes", "Clay Creatures"),
    Route("add-class", INSTRUCTOR, "/dashboard/add-class", "Add a Class", also="main form"),
    Route(
        "update-class",
        INSTRUCTOR,
        lambda s: f"/dashboard/update-class/{s.watercolour.pk}",
        "Update Class",
        also="main form",
    ),
    Route(
        "class-roster",
        INSTRUCTOR,
        lambda s: f"/dashboard/my-classes/{s.watercolour.pk}/roster",
        "Allergic to peanuts.",
    ),
    Route(
        "class-messages",
        INSTRUCTOR,
        lambda s: f"/dashboard/my-classes/{s.watercolour.pk}/messages",
        "Past messages",
        also="main form",
    ),
    Route(
        "participant-care",
        INSTRUCTOR,
        lambda s: f"/dashboard/my-classes/{s.watercolour.pk}/participants/{s.child.pk}/care",
        "Emergency contacts",
    ),
    Route("today", INSTRUCTOR, "/dashboard/today", "No classes meet today."),
    Route("profile", INSTRUCTOR, "/dashboard/profile", "maya@camp.test"),
    Route("manage-users", ADMIN, "/dashboard/all-users", "sam@camp.test"),
    Route("manage-classes", ADMIN, "/dashboard/manage-classes", "Linocut Printmaking"),
    Route(
        "care-missing",
        ADMIN,
        "/dashboard/care-missing",
        "Every child enrolled in an upcoming class has a complete care record.",
    ),
    Route("attendance", ADMIN, "/dashboard/attendance", "No class meets on this day."),
    Route("incidents", ADMIN, "/dashboard/incidents", "No report is open."),
    Route("artwork", ADMIN, "/dashboard/artwork", "No piece is waiting."),
    Route(
        "waiting-room",
        ADMIN,
        "/dashboard/waiting-room",
        "The line is off: families go straight in.",
        also="main button",
    ),
]


def routes_of(visitor: str) -> list[Route]:
    return [route for route in ROUTES if route.visitor == visitor]


def _monday_in(weeks: int) -> date:
    today = timezone.localdate()
    return today + timedelta(days=7 * weeks - today.weekday())


def _class(instructor: User, name: str, banner: str, weeks: int, **details) -> Class:
    start = _monday_in(weeks)
    return scheduled_class(
        name=name,
        start=start,
        end=start + timedelta(days=4),
        days=(0, 2, 4),
        hours=(time(9), time(12)),
        instructor=instructor,
        image=demo_image(banner),
        price=Decimal("45.50"),
        seats=6,
        age_min=6,
        age_max=12,
        level=Level.BEGINNER,
        location="Studio 2, 1250 Maple Avenue",
        description=f"{name}: a week of making, from first marks to a finished piece.",
        **details,
    )


def _enrol(student: User, camp_class: Class, **participant) -> Payment:
    """A paid seat, as a fulfilled card payment leaves it; the account holder's unless a
    participant is named."""
    payment = PaymentFactory(
        student=student, camp_class=camp_class, status=PaymentStatus.ENROLLED, **participant
    )
    Class.objects.filter(pk=camp_class.pk).update(seats=camp_class.seats - 1, enroll=1)
    return payment


def _lottery_seasons() -> tuple[Season, Season]:
    """Two seasons whose places go by a draw, after every other class is made (a new class joins
    the season open for registration): one taking wishes now, and one drawn yesterday, its
    outcomes stored as the draw stores them, for two families."""
    now = timezone.now()
    taking_wishes = a_season(
        "Summer Draw",
        opens_in=timedelta(days=20),
        starts_in_days=160,
        allocation=Allocation.LOTTERY,
        wishes_open_at=now - timedelta(days=1),
        wishes_close_at=now + timedelta(days=7),
        draw_at=now + timedelta(days=8),
    )
    a_season_class(taking_wishes, "40.00", name="Summer Wheel", image=demo_image("pottery.webp"))
    drawn = a_season(
        "Spring Draw",
        opens_in=timedelta(days=5),
        starts_in_days=90,
        allocation=Allocation.LOTTERY,
        wishes_open_at=now - timedelta(days=10),
        wishes_close_at=now - timedelta(days=2),
        draw_at=now - timedelta(days=1),
    )
    wheel = a_season_class(drawn, "40.00", name="Spring Wheel", image=demo_image("pottery.webp"))
    loom = a_season_class(
        drawn, "40.00", week=1, name="Spring Loom", image=demo_image("weaving.webp")
    )
    seed = "e2e-spring-draw-seed"
    draw = Draw.objects.create(
        season=drawn,
        seed_hash=the_draw.seed_hash(seed),
        seed=seed,
        drawn_at=now - timedelta(days=1),
    )
    DrawSeats.objects.bulk_create(
        [
            DrawSeats(draw=draw, camp_class=wheel, seats=1),
            DrawSeats(draw=draw, camp_class=loom, seats=6),
        ]
    )
    for place, code in enumerate(("7F3A9C21", "B2C3D4E5"), start=1):
        family = UserFactory(role=Role.STUDENT)
        child = ChildFactory(account=family)
        entry = Entry.objects.create(season=drawn, family=family, code=code)
        DrawPlace.objects.create(draw=draw, entry=entry, place=place)
        first = place == 1
        DrawResult.objects.create(
            draw=draw,
            entry=entry,
            participant=child,
            camp_class=wheel,
            rank=1,
            outcome=Outcome.PLACED if first else Outcome.WAITLISTED,
            position=None if first else 1,
            why_not="" if first else WhyNot.FULL,
        )
        if not first:
            DrawResult.objects.create(
                draw=draw,
                entry=entry,
                participant=child,
                camp_class=loom,
                rank=2,
                outcome=Outcome.PLACED,
            )
    return taking_wishes, drawn


def seed_school(emulator, live_server) -> School:
    """The school every route shows; its three people can sign in."""
    instructor = instructor_member(emulator, live_server)
    User.objects.filter(pk=instructor.pk).update(
        bio="Painter and printmaker; teaching children to see colour since 2011."
    )
    student = member(
        emulator,
        live_server,
        name="Sam Lopez",
        email="sam@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )
    admin = admin_member(emulator, live_server)
    painting = Category.objects.get_or_create(slug="painting", defaults={"name": "Painting"})[0]
    watercolour = _class(
        instructor, "Watercolour for Kids", "watercolor.webp", weeks=5, category=painting
    )
    clay = _class(instructor, "Clay Creatures", "pottery.webp", weeks=6)
    batik = _class(UserFactory(role=Role.INSTRUCTOR), "Batik on Silk", "weaving.webp", weeks=7)
    linocut = _class(
        instructor, "Linocut Printmaking", "printmaking.webp", weeks=8, status=ClassStatus.PENDING
    )
    child = ChildFactory(
        account=student,
        first_name="Mia",
        last_name="Lopez",
        notes="Allergic to peanuts.",
        emergency_contact_name="Rosa Lopez",
        emergency_contact_phone="415 555 0134",
    )
    payment = _enrol(student, watercolour, participant=child)
    # Clay Creatures is full, its last seat taken by another family: Mia waits for one.
    _enrol(UserFactory(name="Noor Haddad", role=Role.STUDENT), clay)
    Class.objects.filter(pk=clay.pk).update(seats=0)
    entry = waitlist_join(student=student, class_id=clay.pk, participant_id=child.pk)
    selection = SelectionFactory(student=student, participant=child, camp_class=batik)
    lottery_open, lottery_drawn = _lottery_seasons()
    return School(
        student=student,
        instructor=instructor,
        admin=admin,
        child=child,
        watercolour=watercolour,
        clay=clay,
        batik=batik,
        linocut=linocut,
        selection=selection,
        payment=payment,
        waitlist_entry=entry,
        lottery_open=lottery_open,
        lottery_drawn=lottery_drawn,
        base_url=live_server.url,
    )


def open_as(
    page: Page, school: School, visitor: str, *, width: int, theme: str, language: str = "en"
) -> None:
    """Sign the visitor in (if anyone), reading the site in `language`, and set the screen's width
    and the stored theme, which the page applies before its first paint."""
    page.context.add_init_script(f"window.localStorage.setItem('theme', '{theme}')")
    if language != "en":
        language_chosen(page.context, school.base_url, language)
    person = school.person(visitor)
    if person is not None:
        # At a laptop's width: a phone's collapsed menu hides the Log Out button sign_in waits for.
        page.set_viewport_size({"width": 1280, "height": 800})
        # A first sign-in keeps the language the person was reading the site in.
        sign_in(page, person.email, language=language)
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})


def visit(page: Page, school: School, route: Route, *, language: str = "en") -> None:
    """Go to the route and wait until its real content is on screen, in `language`, and the
    network is quiet."""
    path = route.path_in(school)
    page.goto(path)
    main = page.get_by_role("main")
    text = route.text_in(school)
    # Either words will do: a page not translated yet, or the school's own words that happen to
    # read as one of the app's messages (its Cookie policy page), show as written.
    expect(main).to_contain_text(
        re.compile(f"{re.escape(spoken(text, language))}|{re.escape(text)}")
    )
    if route.also:
        expect(page.locator(route.also).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    # Still where it was sent, not redirected to the login page or home by a guard.
    expect(page).to_have_url(re.compile(re.escape(path) + r"$"))
