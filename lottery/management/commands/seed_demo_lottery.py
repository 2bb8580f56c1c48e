"""The demo's lottery season: a week of winter studio whose places go by a draw, its wishes open
as `make run` starts, its commitment published. Three small classes for children of five to
twelve, so the demo family's two children can wish for them together.

The demo's seed is written here and printed: a demo has no secret to keep. Once the wishes have
closed and the draw's time has come (or with the clock moved), `manage.py draw_run` with it
makes the draw."""

from dataclasses import replace
from datetime import datetime, time, timedelta
from decimal import Decimal

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from classes.management.commands.seed_demo import CLASSES, WHAT_TO_BRING, demo_image
from classes.models import Allocation, Category, Class, ClassStatus, Season
from classes.schedule import school_timezone
from classes.services import class_create
from lottery.draw import seed_hash
from lottery.services import draw_commit

DEMO_SEED = "camp demo winter studio"
# Few seats, so the draw has more wishes than places to share.
SEATS = 4
# Each winter class: the summer class it borrows its picture and words from, and its name. The
# first meets on the studio week's Monday, the next on Tuesday, the last on Wednesday.
WINTER_CLASSES = (
    ("Wheel-Thrown Pottery", "Winter Clay Studio"),
    ("Gelli Plate Printing", "Snow Prints"),
    ("Origami Animals", "Paper Snowflakes and Stars"),
)


def _winter_week(today) -> tuple:
    """A Monday about ten weeks ahead, and the Friday after it."""
    monday = today + timedelta(weeks=10) - timedelta(days=today.weekday())
    return monday, monday + timedelta(days=4)


class Command(BaseCommand):
    help = "Add the demo's lottery season, its wishes open now (once: a later run leaves it)."

    @transaction.atomic
    def handle(self, *args, **options):
        zone = school_timezone()
        now = timezone.now().astimezone(zone)
        first_day, last_day = _winter_week(now.date())
        name = f"Winter Studio {first_day.year}"
        if Season.objects.filter(name=name).exists():
            self.stdout.write("Nothing to do: the demo's lottery season is there already.")
            return
        close = datetime.combine(now.date() + timedelta(days=10), time(17), zone)
        draw_at = datetime.combine(close.date() + timedelta(days=1), time(10), zone)
        opens = datetime.combine(
            draw_at.date() + timedelta(days=settings.LOTTERY_PAYMENT_DAYS + 1), time(9), zone
        )
        season = Season.objects.create(
            name=name,
            starts_on=first_day,
            ends_on=last_day,
            opens_at=opens,
            closes_at=datetime.combine(first_day - timedelta(days=1), time(17), zone),
            allocation=Allocation.LOTTERY,
            wishes_open_at=now - timedelta(days=2),
            wishes_close_at=close,
            draw_at=draw_at,
        )
        for index, (summer_name, winter_name) in enumerate(WINTER_CLASSES):
            self._winter_class(summer_name, winter_name, season, first_day + timedelta(days=index))
        draw_commit(season_id=season.pk, seed_hash=seed_hash(DEMO_SEED))
        self.stdout.write(
            self.style.SUCCESS(f"Created {name}: its wishes are open until {close:%A %B %-d}.")
        )
        self.stdout.write(
            f'Its draw, once the wishes close: manage.py draw_run "{name}" "{DEMO_SEED}"'
        )

    def _winter_class(self, summer_name: str, winter_name: str, season: Season, day) -> None:
        summer = next(demo for demo in CLASSES if demo.name == summer_name)
        demo = replace(summer, ages=(5, 12), seats=SEATS)
        instructor = User.objects.get(email=f"{demo.handle.replace('-', '.')}@camp.test")
        camp_class = class_create(
            instructor=instructor,
            name=winter_name,
            image=demo_image(demo.banner),
            price=Decimal(demo.price),
            seats=demo.seats,
            description=demo.description,
            category=Category.objects.get(slug=demo.category),
            level=demo.level,
            location=demo.location,
            what_to_bring=WHAT_TO_BRING[demo.category],
            age_min=demo.ages[0],
            age_max=demo.ages[1],
            start_date=day,
            end_date=day,
            meeting_days=[day.weekday()],
            start_time=time(9),
            end_time=time(12),
            season=season,
        )
        # Reviewed already, as the demo's other classes are: set directly, so no review e-mail.
        Class.objects.filter(pk=camp_class.pk).update(status=ClassStatus.APPROVED)
