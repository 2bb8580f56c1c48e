"""What every API answer has in common: one JSON error shape."""

import math

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core import errors
from core.contention import RETRY_AFTER_SECONDS, is_contention

BUSY = gettext_lazy("The school's database is busy right now. Please try again in a moment.")


def _flatten(detail):
    if isinstance(detail, dict):
        return {key: _flatten(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_flatten(item) for item in detail]
    return str(detail)


def _field_messages(detail, where: str = "") -> list[str]:
    """A field's messages as plain sentences, however deep DRF nested them: an item of a list
    (keyed by its index) or a field of a nested object is named in front of its message."""
    if isinstance(detail, dict):
        messages = []
        for key, value in detail.items():
            place = (
                _("Item %(number)s") % {"number": int(key) + 1} if str(key).isdigit() else str(key)
            )
            messages += _field_messages(value, f"{where}{place}: ")
        return messages
    if isinstance(detail, list):
        return [message for item in detail for message in _field_messages(item, where)]
    return [f"{where}{detail}"]


# Fields whose errors are an object of their own, by key, each key's messages a list: the
# answers to the school's questions, by question id, so a form shows each beside its question;
# a care record sent with a child (the front desk's), by the record's field.
KEYED_FIELDS = ("answers", "care")


def _field_errors(name: str, detail):
    if name in KEYED_FIELDS and isinstance(detail, dict):
        return {str(key): _field_messages(messages) for key, messages in detail.items()}
    return _field_messages(detail)


def error_body(message: str, fields: dict | None = None) -> dict:
    """The one error shape: a human sentence plus, for bad input, messages per field."""
    body = {"message": message}
    if fields:
        body["errors"] = fields
    return body


def exception_handler(exc, context):
    if is_contention(exc):
        # Nothing is wrong with the request: the same one a moment later goes through.
        set_rollback()
        return Response(
            error_body(BUSY),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    code = exc.code if isinstance(exc, errors.DomainError) else ""
    details = exc.details if isinstance(exc, errors.DomainError) else {}
    exc = _as_api_exception(exc)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None

    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        fields = {name: _field_errors(name, messages) for name, messages in detail.items()}
        named = ", ".join(fields)
        message = _("Please check these fields: %(fields)s.") % {"fields": named}
        if list(fields) == ["answers"] and isinstance(fields["answers"], dict):
            # Each names the child and the question: the sentence a family reads first.
            message = " ".join(m for messages in fields["answers"].values() for m in messages)
        response.data = error_body(message, fields)
    elif isinstance(exc.detail, dict):
        # simplejwt explains a rejected token as {"detail": ..., "code": ..., "messages": ...}.
        response.data = error_body(str(exc.detail.get("detail", _("Request refused."))))
    else:
        response.data = error_body(_flatten(exc.detail))
    if code:
        response.data["code"] = code
    response.data.update(details)
    return response


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("This request conflicts with the current state.")
    default_code = "conflict"


class PaymentRequired(exceptions.APIException):
    status_code = status.HTTP_402_PAYMENT_REQUIRED
    default_detail = gettext_lazy("Your card was declined.")
    default_code = "payment_required"


class TooManyRequests(exceptions.APIException):
    """A limit reached; `wait`, in seconds, is sent as Retry-After (DRF's handler reads it)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = gettext_lazy("This has been done as often as it may be for now.")
    default_code = "too_many_requests"

    def __init__(self, detail=None, *, wait: int | None = None):
        super().__init__(detail)
        self.wait = wait


class ServiceUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = gettext_lazy(
        "A service the site relies on is not answering. Please try again."
    )
    default_code = "service_unavailable"


# The one place a domain error gets its HTTP status.
_STATUS_OF = {
    errors.NotFound: exceptions.NotFound,
    errors.Conflict: Conflict,
    errors.Refused: exceptions.PermissionDenied,
    errors.TooMany: TooManyRequests,
    errors.CardDeclined: PaymentRequired,
    errors.ProviderUnavailable: ServiceUnavailable,
}


def _as_api_exception(exc):
    if isinstance(exc, errors.InvalidInput):
        return exceptions.ValidationError(exc.problems)
    if isinstance(exc, errors.TooMany) and exc.resets_at is not None:
        # Whole seconds, rounded up, so a caller that waits them finds the limit reset.
        wait = math.ceil((exc.resets_at - timezone.now()).total_seconds())
        return TooManyRequests(exc.message, wait=max(wait, 1))
    if isinstance(exc, errors.DomainError):
        for domain, api in _STATUS_OF.items():
            if isinstance(exc, domain):
                return api(exc.message)
        return Conflict(exc.message)
    return exc


# Like the API views (DRF exempts them), so a POST to a wrong path gets this JSON 404
# rather than Django's CSRF 403 page.
@csrf_exempt
def api_not_found(request, *args, **kwargs):
    return JsonResponse(error_body(_("No such API endpoint.")), status=status.HTTP_404_NOT_FOUND)


class ServiceInputSerializer(serializers.Serializer):
    """An API input whose fields name, as their `source`, the service's arguments: a service's
    problems (`InvalidInput`, keyed by its own names) are answered under this API's names."""

    def api_names(self, problems: dict[str, list[str]]) -> dict[str, list[str]]:
        names = {field.source: name for name, field in self.fields.items()}
        return {names.get(key, key): messages for key, messages in problems.items()}

    def call_service(self, service, **arguments):
        try:
            return service(**arguments)
        except errors.InvalidInput as invalid:
            raise errors.InvalidInput(self.api_names(invalid.problems)) from invalid
