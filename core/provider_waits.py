"""How long a thread has waited on an outside provider's answers (Stripe's): time that is not the
server's own. The waiting room's rate of admission counts only the server's own time in a
registration write (waiting_room.gate), since letting fewer families in would not make
Stripe answer sooner; `make bench-rush` reports it in `Server-Timing` (bench/stripe_timing.py)."""

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

_waited = threading.local()


@dataclass(frozen=True)
class ProviderWaits:
    """This thread's waits since it started: their sum and how many calls (a retry is one more).
    A request's share is the difference of two readings."""

    seconds: float
    calls: int

    def __sub__(self, earlier: "ProviderWaits") -> "ProviderWaits":
        return ProviderWaits(self.seconds - earlier.seconds, self.calls - earlier.calls)


def provider_waits() -> ProviderWaits:
    return ProviderWaits(getattr(_waited, "seconds", 0.0), getattr(_waited, "calls", 0))


@contextmanager
def provider_call():
    """Time one call to a provider, however it ends."""
    started = time.perf_counter()
    try:
        yield
    finally:
        _waited.seconds = getattr(_waited, "seconds", 0.0) + time.perf_counter() - started
        _waited.calls = getattr(_waited, "calls", 0) + 1
