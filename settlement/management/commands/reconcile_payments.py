"""Settle every charge with Stripe: enrolled, or refunded in full, exactly once."""

import signal
import time

from django.core.management.base import BaseCommand

from settlement.services import payments_reconcile


class Command(BaseCommand):
    help = (
        "Read Stripe's recent charges made by Camp and every payment attempt still open, and "
        "settle each once: enrol, or refund in full with the reason. With --every it runs "
        "again and again (the Procfile's reconcile process, and make run)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--every",
            type=float,
            metavar="SECONDS",
            help="run again this many seconds after each run ends, until stopped",
        )

    def handle(self, *args, every=None, **options):
        stopping = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        while True:
            report = payments_reconcile()
            for line in report.settled:
                self.stdout.write(line)
            for label in report.failed:
                self.stderr.write(f"{label}: not settled, tried again next run")
            if every is None:
                return
            deadline = time.monotonic() + every
            while time.monotonic() < deadline:
                if stopping:
                    return
                time.sleep(min(1.0, every))
