"""Abuse limits: how many writes one caller may make to an endpoint in a period."""

from django.core.exceptions import ImproperlyConfigured
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class WriteRateThrottle(ScopedRateThrottle):
    """ScopedRateThrottle for the writes of views that name a throttle_scope.

    Reads (a student's own list beside the selection form) are never counted. The rate is read
    at each request rather than once at import, so settings changed in tests take effect.
    Callers are told apart by user when signed in, else by address; the counts live in the
    default cache, shared by every server process when it is Redis.
    """

    def get_rate(self):
        try:
            return api_settings.DEFAULT_THROTTLE_RATES[self.scope]
        except KeyError as missing:
            raise ImproperlyConfigured(f"No throttle rate for {self.scope!r}.") from missing

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class FamilyWriteThrottle(WriteRateThrottle):
    """One count per account for all of a family's writes (its people, waitlists, holds and
    cancellations), beside each endpoint's own scope: views that take part name it in
    `family_throttle_scope`."""

    scope_attr = "family_throttle_scope"


class AddressWriteThrottle(WriteRateThrottle):
    """A second count by network address alone, signed in or not, for views that name an
    `address_throttle_scope`: accounts made for free from one place share it, so making more of
    them does not multiply the view's own limit."""

    scope_attr = "address_throttle_scope"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
