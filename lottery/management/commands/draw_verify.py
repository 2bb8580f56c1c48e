from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from lottery.selectors import draw_differences, season_with_draw_named


class Command(BaseCommand):
    help = (
        "Check a lottery season's draw: its seed against the commitment, then the order and "
        "every wish's outcome made again from the seed, the wishes and the seats shared, against "
        "what was stored and published (docs/lottery.md). Fails on any difference."
    )

    def add_arguments(self, parser):
        parser.add_argument("season", help="The season's id or name.")

    def handle(self, *args, season: str, **options):
        try:
            differences = draw_differences(season_id=season_with_draw_named(season).pk)
        except DomainError as error:
            raise CommandError(str(error)) from error
        for difference in differences:
            self.stderr.write(difference)
        if differences:
            raise CommandError(f"The draw is not the seed's: {len(differences)} differences.")
        self.stdout.write(self.style.SUCCESS("The draw is the seed's: the same order and seats."))
