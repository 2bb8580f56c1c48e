"""Where a test has a server process die at once, to show that a crash there loses nothing.

The test settings install this app, and a server process started with CAMP_PAYMENT_FAULT_POINT
set (`settings.PAYMENT_FAULT_POINT`) is armed at start: nothing of it is in the product's code.

- `after_charge`: Stripe has charged the card and answered, and the process dies before the
  answer is put on record (checkout/tests/test_crash.py).
"""

import functools
import logging
import os

from django.apps import AppConfig
from django.conf import settings

logger = logging.getLogger(__name__)

# The exit status of a process a fault point stopped: neither success nor a signal's.
STOPPED = 70


def _dies_after(call):
    @functools.wraps(call)
    def armed(*args, **kwargs):
        call(*args, **kwargs)
        logger.critical("Fault point after %s armed: the server process stops here.", call.__name__)
        os._exit(STOPPED)

    return armed


class FaultPointsConfig(AppConfig):
    name = "testing"
    label = "fault_points"
    verbose_name = "Fault points (tests only)"

    def ready(self):
        point = settings.PAYMENT_FAULT_POINT
        if not point:
            return
        if point != "after_charge":
            raise ValueError(f"No such fault point: {point!r}.")
        from payments import stripe_client

        stripe_client.charge_create = _dies_after(stripe_client.charge_create)
