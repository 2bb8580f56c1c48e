"""Fill an empty database with demo instructors, people and a summer season of classes; safe
to run again.

The season is the coming summer's, counted from the day it runs (`season_start`), so its
classes are always ahead: several weeks from the second Monday of June, morning, afternoon and
evening classes for ages 5 to 17 and for adults, in every category of the school. Last summer's
run of some of them has ended (`LAST_SEASON`), as a school in its second year has, so the
catalog's archive and an ended class's page can be seen.
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

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
MORNING = ("09:00", "12:00")
AFTERNOON = ("13:00", "15:30")

# The enrolment counts differ so the popular classes come out in a clear order; one approved
# class is full. Every category has an approved class; there are morning, afternoon and
# evening classes, ages 5 to 17 and adults, two one-day workshops and one holiday.
# Laid out by hand: a class's listing, details and schedule take a line each.
# fmt: off
CLASSES = [
    DemoClass(
        "Wheel-Thrown Pottery", "maya-lindqvist", "pottery", "45.50", 12, 38, "Approved",
        category="pottery-ceramics", level="beginner", location="Clay Studio",
        ages=(10, 14), week=0, days="mon tue wed thu fri", hours=MORNING, closes_days_before=7,
        description=(
            "Five mornings at the wheel. Children learn to wedge and center clay, open a form "
            "and pull up its walls, and by Friday each has thrown a set of small bowls and "
            "cups.\n\n"
            "We trim on Thursday and glaze on Friday; the pieces are fired after camp and "
            "ready to collect two weeks later.\n\n"
            "Aprons are provided. Please send clothes that can get muddy and short "
            "fingernails."
        ),
    ),
    DemoClass(
        "Acrylic Painting Basics", "tomas-okafor", "painting", "19.99", 20, 31, "Approved",
        category="painting", level="beginner", location="Studio A",
        ages=(8, 12), week=0, days="mon wed fri", hours=AFTERNOON,
        description=(
            "Color mixing, brushwork and layering with fast-drying acrylics. Each afternoon "
            "starts with a short demonstration and ends with a finished painting on canvas "
            "board.\n\n"
            "We paint a still life, a landscape from a photograph and, on the last day, a "
            "picture of the painter's own choosing.\n\n"
            "All paints, brushes and boards are included."
        ),
    ),
    DemoClass(
        "Loom Weaving for Beginners", "elsa-brandt", "weaving", "35.00", 8, 27, "Approved",
        category="textiles-weaving", level="beginner", location="Fiber Studio",
        ages=(12, 17), week=1, days="tue thu", hours=("09:30", "12:00"), weeks=2,
        description=(
            "Warp a frame loom, then weave plain weave, tabby stripes, rya knots and soumak "
            "braids into a wall hanging to take home.\n\n"
            "Four mornings over two weeks, so there is time between classes to practise on the "
            "loom, which each student keeps.\n\n"
            "Yarn in many colors is provided; bring any scraps you would like to weave in."
        ),
    ),
    DemoClass(
        "Origami Animals", "aiko-tanaka", "origami", "12.50", 25, 24, "Approved",
        category="paper-origami", level="all-levels", location="Studio B",
        ages=(5, 8), week=1, days="mon tue wed thu fri", hours=("09:00", "11:00"),
        description=(
            "Foxes, frogs that jump, cranes and a whole paper zoo. Young folders learn valley "
            "and mountain folds and follow simple diagrams step by step.\n\n"
            "Every morning ends with a story told with the animals made that day."
        ),
    ),
    DemoClass(
        "Brush Calligraphy", "aiko-tanaka", "calligraphy", "29.99", 0, 22, "Approved",
        category="drawing", level="intermediate", location="Studio B",
        ages=(18, None), week=0, days="tue thu", hours=("18:00", "20:00"),
        weeks=4, closes_days_before=3,
        description=(
            "An evening course for adults in lettering with a pointed brush: thick "
            "downstrokes, thin upstrokes and the rhythm that joins them.\n\n"
            "We work through the basic strokes, a full alphabet and a short quotation laid out "
            "on watercolor paper.\n\n"
            "Some experience with a brush pen helps; brushes, ink and paper are provided."
        ),
    ),
    DemoClass(
        "Woodcarving Spoons", "rafael-moreno", "woodcarving", "55.00", 6, 17, "Approved",
        category="woodworking", level="beginner", location="Wood Shop",
        ages=(18, None), week=2, days="sat", hours=("10:00", "16:00"), closes_days_before=2,
        description=(
            "A one-day workshop: carve a cooking spoon from a split blank of green birch with "
            "a straight knife and a hook knife.\n\n"
            "We start with safe knife grips and grain, rough out the bowl before lunch and "
            "finish and oil the spoon in the afternoon.\n\n"
            "Tools, wood and cut-resistant gloves are provided. Bring a packed lunch."
        ),
    ),
    DemoClass(
        "Beaded Jewelry", "priya-raman", "jewelry", "24.75", 15, 12, "Approved",
        category="jewelry", level="beginner", location="Studio A",
        ages=(9, 13), week=2, days="mon tue wed thu fri", hours=("13:00", "15:00"),
        description=(
            "Bracelets, necklaces and earrings from glass, wood and clay beads. Students learn "
            "to plan a pattern, string on wire and cord, and finish with crimps and clasps.\n\n"
            "On Friday everyone makes a piece to give away."
        ),
    ),
    DemoClass(
        "Glass Tile Mosaics", "kofi-mensah", "mosaic", "39.00", 10, 9, "Approved",
        category="glass", level="all-levels", location="Garden Pavilion",
        ages=(10, 15), week=3, days="mon tue wed thu", hours=MORNING,
        description=(
            "Design a mosaic on paper, then cut and set glass tiles on a wooden trivet or a "
            "garden stepping stone.\n\n"
            "Students learn to use tile nippers safely, to lay tiles in flowing lines and to "
            "grout and polish the finished piece.\n\n"
            "Safety glasses are provided and worn at all times while cutting."
        ),
    ),
    DemoClass(
        "Summer Sketchbook Camp", "tomas-okafor", "calligraphy", "48.00", 16, 15, "Approved",
        category="drawing", level="all-levels", location="Garden Pavilion",
        ages=(9, 12), week=INDEPENDENCE_WEEK, days="mon tue wed thu fri", hours=MORNING,
        description=(
            "A week of drawing outdoors: plants in the garden, people in motion, buildings in "
            "perspective. Each student fills a sketchbook of their own.\n\n"
            "We try pencil, pen and ink, and charcoal, and keep a short drawing habit every "
            "day.\n\n"
            "No class on the Independence Day holiday; the week runs on the other four days."
        ),
    ),
    DemoClass(
        "Collage & Found Objects", "priya-raman", "paper-flowers", "22.00", 14, 11, "Approved",
        category="mixed-media", level="beginner", location="Studio B",
        ages=(5, 7), week=1, days="mon tue wed thu", hours=("13:00", "14:30"),
        description=(
            "Paper, fabric, buttons and bottle caps become pictures, masks and small "
            "sculptures. Little artists learn to cut, tear, glue and build.\n\n"
            "Short, lively afternoons, with a snack break halfway through."
        ),
    ),
    DemoClass(
        "Gelli Plate Printing", "kofi-mensah", "printmaking", "32.00", 12, 8, "Approved",
        category="printmaking", level="beginner", location="Print Room",
        ages=(11, 15), week=3, days="mon wed fri", hours=AFTERNOON,
        description=(
            "Monoprints pulled from a soft gel plate: rolled color, stencils, leaves and "
            "textures layered into prints no press is needed for.\n\n"
            "By the end students have a stack of printed papers and bind them into a small "
            "book."
        ),
    ),
    DemoClass(
        "Wire & Plaster Sculpture", "rafael-moreno", "sculpture", "52.00", 10, 7, "Approved",
        category="sculpture", level="intermediate", location="Wood Shop",
        ages=(13, 17), week=4, days="mon tue wed thu fri", hours=MORNING, closes_days_before=5,
        description=(
            "Build a figure in motion: bend an armature from aluminum wire, bulk it out with "
            "foil and finish it in plaster bandage.\n\n"
            "We look at how sculptors show weight and movement, then paint and mount the "
            "finished pieces on wooden bases.\n\n"
            "Some drawing or clay experience helps."
        ),
    ),
    DemoClass(
        "Pinhole Camera Photography", "maya-lindqvist", "watercolor", "40.00", 10, 6, "Approved",
        category="photography", level="beginner", location="Darkroom",
        ages=(14, 17), week=5, days="tue thu", hours=("13:00", "16:00"),
        description=(
            "Make a camera from a box and a pin, load it with photographic paper and take "
            "pictures around the school grounds.\n\n"
            "We develop the negatives in the darkroom and print positives by contact, learning "
            "how light, time and chemistry make an image.\n\n"
            "Clothes that can meet a drop of developer are a good idea."
        ),
    ),
    DemoClass(
        "Evening Wheel Throwing for Adults", "maya-lindqvist", "pottery", "165.00", 8, 5,
        "Approved",
        category="pottery-ceramics", level="intermediate", location="Clay Studio",
        ages=(18, None), week=1, days="wed", hours=("18:30", "21:00"),
        weeks=6, closes_days_before=7,
        description=(
            "Six Wednesday evenings for adults who have thrown before and want to go further: "
            "taller cylinders, lidded jars, handles and spouts.\n\n"
            "Each evening is part demonstration, part open practice with help at the wheel. "
            "Glazing and two firings are included.\n\n"
            "Price includes 25 lb of clay."
        ),
    ),
    DemoClass(
        "Watercolor Saturday Workshop", "tomas-okafor", "watercolor", "65.00", 14, 4, "Approved",
        category="painting", level="all-levels", location="Garden Pavilion",
        ages=(18, None), week=4, days="sat", hours=("10:00", "15:00"),
        description=(
            "A relaxed day of painting in the garden for adults. Washes, wet-into-wet skies "
            "and the art of leaving white paper.\n\n"
            "Beginners are welcome; the morning covers the basics and the afternoon is spent "
            "on a painting of your own.\n\n"
            "Lunch is not provided; there are cafés nearby."
        ),
    ),
    DemoClass(
        "Teen Jewelry: Silver Rings", "priya-raman", "jewelry", "85.00", 8, 3, "Approved",
        category="jewelry", level="advanced", location="Metal Studio",
        ages=(14, 17), week=5, days="mon tue wed thu fri", hours=("13:00", "16:00"),
        description=(
            "Saw, file, solder and polish sterling silver into a stacking ring and a signet "
            "ring.\n\n"
            "For teens who have made jewelry before: we use a jeweler's torch under close "
            "supervision, with eye protection and tied-back hair.\n\n"
            "The silver is included in the price."
        ),
    ),
    DemoClass(
        "Little Potters", "maya-lindqvist", "pottery", "28.00", 10, 2, "Approved",
        category="pottery-ceramics", level="beginner", location="Clay Studio",
        ages=(5, 7), week=2, days="mon wed fri", hours=("09:00", "10:30"),
        description=(
            "Pinch pots, coil snakes and clay animals for the youngest makers. Three short "
            "mornings of squishing, rolling and building.\n\n"
            "Everything is fired and glazed in bright colors, ready two weeks after camp."
        ),
    ),
    DemoClass(
        "Woodshop Birdhouses", "rafael-moreno", "woodcarving", "58.00", 8, 1, "Approved",
        category="woodworking", level="beginner", location="Wood Shop",
        ages=(10, 14), week=6, days="mon tue wed thu", hours=MORNING, closes_days_before=4,
        description=(
            "Measure, saw, drill and nail a birdhouse from cedar boards, then paint it to hang "
            "at home.\n\n"
            "Students learn to use hand tools safely and to read a simple plan. Safety glasses "
            "and ear protection are provided."
        ),
    ),
    DemoClass(
        "Cross-Stitch Embroidery", "elsa-brandt", "embroidery", "18.00", 14, 0, "Pending",
        category="textiles-weaving", level="beginner", location="Fiber Studio",
        ages=(8, 12), week=4, days="mon wed fri", hours=AFTERNOON,
        description=(
            "Count, stitch and finish a small sampler with a name or initials in a hoop.\n\n"
            "Needles are blunt and the fabric is easy to count, so young hands do well."
        ),
    ),
    DemoClass(
        "Linocut Printmaking", "tomas-okafor", "printmaking", "42.00", 10, 0, "Pending",
        category="printmaking", level="intermediate", location="Print Room",
        ages=(18, None), week=2, days="tue thu", hours=("18:00", "20:30"), weeks=2,
        description=(
            "Carve a design into linoleum and print it by hand and on the press: cards, a "
            "poster and a two-color print.\n\n"
            "Four evenings for adults; carving tools are provided to use in class."
        ),
    ),
    DemoClass(
        "Watercolor Landscapes", "maya-lindqvist", "watercolor", "27.50", 18, 0, "Pending",
        category="painting", level="beginner", location="Garden Pavilion",
        ages=(12, 17), week=6, days="mon wed fri", hours=MORNING,
        description=(
            "Skies, hills and water in watercolor, painted outdoors when the weather allows.\n\n"
            "We practise washes and glazes and finish three small landscapes."
        ),
    ),
    DemoClass(
        "Stained Glass Suncatchers", "kofi-mensah", "stained-glass", "75.25", 6, 0, "Pending",
        category="glass", level="intermediate", location="Metal Studio",
        ages=(14, 17), week=6, days="mon tue wed thu fri", hours=AFTERNOON,
        description=(
            "Score and break colored glass, foil the edges and solder a suncatcher for a "
            "window.\n\n"
            "For teens ready to work carefully with glass and a soldering iron."
        ),
    ),
    DemoClass(
        "Clay Sculpture", "rafael-moreno", "sculpture", "60.00", 8, 0, "Denied",
        category="sculpture", level="all-levels", location="Clay Studio",
        ages=(10, 14), week=5, days="mon tue wed thu fri", hours=MORNING,
        description=(
            "Model a portrait head in clay over an armature, working from a partner as the "
            "sitter.\n\n"
            "We look at the proportions of the face and build the features up in small pieces."
        ),
    ),
    DemoClass(
        "Paper Flower Crafting", "priya-raman", "paper-flowers", "9.99", 30, 0, "Denied",
        category="paper-origami", level="all-levels", location="Studio B",
        ages=(6, 10), week=3, days="sat", hours=("10:00", "12:00"),
        description=(
            "Crepe paper roses, tulips and sunflowers, shaped by stretching and curling the "
            "paper.\n\n"
            "Everyone leaves with a bouquet in a painted jar."
        ),
    ),
]
# fmt: on

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
