"""Fill an empty database with demo instructors, people and classes; safe to run again."""

from decimal import Decimal

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts import firebase
from accounts.models import Role, User
from classes.models import Class, ClassStatus

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

# (name, instructor handle, banner, price, seats, enroll, status). The enrolment counts
# differ so the popular classes come out in a clear order; one approved class is full.
CLASSES = [
    ("Wheel-Thrown Pottery", "maya-lindqvist", "pottery", "45.50", 12, 38, "Approved"),
    ("Acrylic Painting Basics", "tomas-okafor", "painting", "19.99", 20, 31, "Approved"),
    ("Loom Weaving for Beginners", "elsa-brandt", "weaving", "35.00", 8, 27, "Approved"),
    ("Origami Animals", "aiko-tanaka", "origami", "12.50", 25, 24, "Approved"),
    ("Brush Calligraphy", "aiko-tanaka", "calligraphy", "29.99", 0, 22, "Approved"),
    ("Woodcarving Spoons", "rafael-moreno", "woodcarving", "55.00", 6, 17, "Approved"),
    ("Beaded Jewelry", "priya-raman", "jewelry", "24.75", 15, 12, "Approved"),
    ("Glass Tile Mosaics", "kofi-mensah", "mosaic", "39.00", 10, 9, "Approved"),
    ("Cross-Stitch Embroidery", "elsa-brandt", "embroidery", "18.00", 14, 0, "Pending"),
    ("Linocut Printmaking", "tomas-okafor", "printmaking", "42.00", 10, 0, "Pending"),
    ("Watercolor Landscapes", "maya-lindqvist", "watercolor", "27.50", 18, 0, "Pending"),
    ("Stained Glass Suncatchers", "kofi-mensah", "stained-glass", "75.25", 6, 0, "Pending"),
    ("Clay Sculpture", "rafael-moreno", "sculpture", "60.00", 8, 0, "Denied"),
    ("Paper Flower Crafting", "priya-raman", "paper-flowers", "9.99", 30, 0, "Denied"),
]

DENIAL_FEEDBACK = "Please add a materials list and the safety steps for the tools."


def demo_image(name: str) -> str:
    # Served by the app itself (see scripts/generate_demo_images.py for their origin).
    return f"{settings.STATIC_URL}img/demo/{name}.webp"


def portrait(name: str) -> str:
    return demo_image(f"people/{name}")


class Command(BaseCommand):
    help = "Create the demo instructors, student, admin and classes; does nothing if present."

    @transaction.atomic
    def handle(self, *args, **options):
        created = {"instructors": 0, "demo accounts": 0, "classes": 0}

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
        admin, was_created = User.objects.update_or_create(
            email=DEMO_ADMIN_EMAIL,
            defaults={"name": "Alex Admin", "photo": portrait("admin"), "role": Role.ADMIN},
        )
        created["demo accounts"] += was_created

        for name, handle, banner, price, seats, enroll, status in CLASSES:
            _, was_created = Class.objects.update_or_create(
                name=name,
                instructor=instructors[handle],
                defaults={"image": demo_image(banner)},
                create_defaults={
                    "image": demo_image(banner),
                    "price": Decimal(price),
                    "seats": seats,
                    "enroll": enroll,
                    "status": status,
                    "feedback": DENIAL_FEEDBACK if status == ClassStatus.DENIED else "",
                },
            )
            created["classes"] += was_created

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
