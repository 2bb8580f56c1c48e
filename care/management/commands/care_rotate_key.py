"""Re-encrypt every care record and kept version under the newest of CARE_ENCRYPTION_KEYS.

Put the new key first in CARE_ENCRYPTION_KEYS (the old ones after it), restart, run this, then
drop the old keys."""

from django.core.management.base import BaseCommand

from care.services import care_keys_rotated


class Command(BaseCommand):
    help = "Re-encrypt care records under the newest key of CARE_ENCRYPTION_KEYS."

    def handle(self, *args, **options):
        rotated = care_keys_rotated()
        self.stdout.write(f"Re-encrypted {rotated} care values under the newest key.")
