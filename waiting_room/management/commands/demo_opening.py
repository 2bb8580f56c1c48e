"""Move the demo's coming summer to open a few minutes from now, so the opening-morning line can
be seen in the browser: `manage.py demo_opening --in 2`.

The season moved is the one `seed_demo` made for the coming summer (`Summer <year>`, the season
its classes belong to), unless `--season` names another. It opens to every family that many
minutes from now, its early access moved with it; the waiting room is then told
(`waiting_room_sync`), and its line has formed already (it forms
WAITING_ROOM_OPENS_MINUTES_BEFORE before the opening). A family that opens the site now waits
in it, and is let in at the opening. Run it again to see another opening.
"""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from classes.management.commands.seed_demo import season_start
from classes.models import Season
from classes.schedule import school_timezone
from classes.services import season_opening_move
from waiting_room.line import waiting_room_sync


def demo_season_name() -> str:
    """The name `seed_demo` gives the coming summer's season."""
    return f"Summer {season_start(timezone.localdate(timezone=school_timezone())).year}"


class Command(BaseCommand):
    help = "Move the demo's coming summer to open in a few minutes, so its line forms."

    def add_arguments(self, parser):
        parser.add_argument(
            "--in",
            dest="minutes",
            type=int,
            default=2,
            help="Minutes from now to the opening (default 2).",
        )
        parser.add_argument(
            "--season",
            help="The season's name (default: the coming summer seed_demo made).",
        )

    def handle(self, *args, minutes: int, season: str | None, **options):
        if minutes < 0:
            raise CommandError("--in counts minutes from now: 0 or more.")
        name = season or demo_season_name()
        opens_at = timezone.now().replace(microsecond=0) + timedelta(minutes=minutes)
        with transaction.atomic():
            found = Season.objects.select_for_update().filter(name=name).first()
            if found is None:
                raise CommandError(f"No season is named {name!r}: run `manage.py seed_demo` first.")
            if found.closes_at <= opens_at:
                raise CommandError(f"{name} closes before {opens_at:%H:%M}: it cannot open then.")
            season_opening_move(season=found, opens_at=opens_at)
        at_school = opens_at.astimezone(school_timezone())
        self.stdout.write(f"{name} opens to every family at {at_school:%H:%M:%S %Z}.")
        self._room_told(found)

    def _room_told(self, season: Season) -> None:
        opening = waiting_room_sync()
        if opening is not None and opening.season_id == season.pk:
            self.stdout.write(
                self.style.SUCCESS(
                    "The waiting room's line has formed: open the site to wait in it."
                )
            )
        elif not settings.WAITING_ROOM_ENABLED or not settings.WAITING_ROOM_REDIS_URL:
            self.stdout.write(
                self.style.WARNING(
                    "The waiting room is off (no Redis, or WAITING_ROOM_ENABLED is false): "
                    "families go straight in. `make run` starts a Redis when Debian's "
                    "redis-server is installed."
                )
            )
        else:
            self.stdout.write(
                self.style.WARNING(
                    "The waiting room did not take this opening: its Redis is not answering, or "
                    "another season opens sooner."
                )
            )
