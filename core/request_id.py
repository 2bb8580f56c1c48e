"""Request ids: one per request, sent back to the caller and written on every log line."""

import logging
import re
import uuid
from contextvars import ContextVar

from django.core.signals import request_finished
from django.dispatch import receiver

REQUEST_ID_HEADER = "X-Request-ID"
# An id from the caller (a proxy, a load balancer) is kept only if it cannot forge log lines.
SANE_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
NO_REQUEST = "-"

current_request_id: ContextVar[str] = ContextVar("current_request_id", default=NO_REQUEST)


class RequestIdMiddleware:
    """Give each request an id: the caller's X-Request-ID when sane, else a new one.

    The id comes back in the response's X-Request-ID and is on every log record made while the
    request is served, errors included (django.request logs them inside the request).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        offered = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = offered if SANE_REQUEST_ID.match(offered) else uuid.uuid4().hex
        request.request_id = request_id
        # Kept until the response is closed (request_finished): Django logs a 4xx or 5xx
        # answer (django.request) after the middleware has returned it.
        current_request_id.set(request_id)
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        return response


@receiver(request_finished)
def _forget_request_id(**kwargs):
    current_request_id.set(NO_REQUEST)


_make_record = logging.getLogRecordFactory()


def _record_with_request_id(*args, **kwargs):
    record = _make_record(*args, **kwargs)
    record.request_id = current_request_id.get()
    return record


# Every record, whichever logger or handler takes it (pytest's caplog included).
logging.setLogRecordFactory(_record_with_request_id)


class RequestIdFilter(logging.Filter):
    """For handlers whose format names %(request_id)s: records made by code that kept an older
    record factory still format."""

    def filter(self, record):
        if not hasattr(record, "request_id"):
            record.request_id = current_request_id.get()
        return True
