import secrets

from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from lottery.draw import seed_hash as seed_hash_of
from lottery.selectors import season_with_draw_named
from lottery.services import draw_commit


class Command(BaseCommand):
    help = (
        "Commit a lottery season's draw to a secret seed before its wishes close: a new seed is "
        "made and shown once (keep it safe: the draw needs it), and its SHA-256 published on the "
        "draw page. With --seed-hash, commit to a seed made elsewhere."
    )

    def add_arguments(self, parser):
        parser.add_argument("season", help="The season's id or name.")
        parser.add_argument("--seed-hash", default="", help="The SHA-256, in hex, of your seed.")

    def handle(self, *args, season: str, seed_hash: str, **options):
        seed = "" if seed_hash else secrets.token_hex(32)
        try:
            found = season_with_draw_named(season)
            draw = draw_commit(season_id=found.pk, seed_hash=seed_hash or seed_hash_of(seed))
        except DomainError as error:
            raise CommandError(str(error)) from error
        if seed:
            self.stdout.write(f"The seed, to keep secret until the draw: {seed}")
        self.stdout.write(self.style.SUCCESS(f"Committed {found}'s draw to {draw.seed_hash}."))
