from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from lottery.selectors import season_with_draw_named
from lottery.services import draw_run


class Command(BaseCommand):
    help = (
        "Make a lottery season's draw once its wishes are closed, with the seed committed to "
        "(`draw_commit`); it is refused if the seed's SHA-256 is not the one published."
    )

    def add_arguments(self, parser):
        parser.add_argument("season", help="The season's id or name.")
        parser.add_argument("seed")

    def handle(self, *args, season: str, seed: str, **options):
        try:
            draw = draw_run(season_id=season_with_draw_named(season).pk, seed=seed)
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(f"{draw} made; {draw.places.count()} families."))
