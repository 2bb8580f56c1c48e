"""A cap on request bodies, before anything reads them; the Content-Security-Policy header."""

import functools
import logging

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import JsonResponse
from django.utils.translation import gettext

from core.api import error_body

logger = logging.getLogger(__name__)


class BodySizeLimitMiddleware:
    """Answer 413 to a declared body larger than DATA_UPLOAD_MAX_MEMORY_SIZE, before reading it.

    Django enforces the limit for forms, but DRF's JSON parser reads the stream itself and
    would take any size. Multipart bodies are left to the views that take files (POST
    /api/images refuses an oversized one on its declared length with its own answer).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        declared = request.META.get("CONTENT_LENGTH") or "0"
        multipart = request.content_type == "multipart/form-data"
        if limit is not None and not multipart and declared.isdigit() and int(declared) > limit:
            logger.warning("Refused a %s-byte body to %s", declared, request.path)
            return JsonResponse(
                error_body(
                    gettext("The request body is larger than %(limit)s bytes.") % {"limit": limit}
                ),
                status=413,
            )
        return self.get_response(request)


# What django-csp's view decorators set on a response to change or skip its policy.
_POLICY_CHANGES = tuple(
    f"_csp_{change}{suffix}"
    for change in ("config", "update", "replace", "exempt")
    for suffix in ("", "_ro")
)


@functools.cache
def settings_policies() -> tuple[str, str]:
    """The policy and the report-only policy the settings give, unchanged by any view."""
    return build_policy(), build_policy(report_only=True)


@receiver(setting_changed)
def _policy_setting_changed(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        settings_policies.cache_clear()


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's header, with the settings' policy built once per process.

    django-csp builds the policy's text anew for every response. Most of ours (every API answer,
    the opening morning's line polled by thousands of families) use no nonce and no view changes
    the policy, so the text is the same each time, and building it was about a tenth of a line
    poll's CPU. Every other answer is django-csp's to decide, as before: a page with a nonce, a
    view that changes or skips the policy, a report-only policy, paths left out of it, and
    DEBUG's error pages.
    """

    def process_response(self, request, response):
        policy, report_only = settings_policies()
        excluded = (getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}).get(
            "EXCLUDE_URL_PREFIXES"
        )
        if (
            settings.DEBUG
            or not policy
            or report_only
            or excluded
            or getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, change) for change in _POLICY_CHANGES)
        ):
            return super().process_response(request, response)
        if HEADER not in response:
            response[HEADER] = policy
        # As django-csp does: a nonce asked for after the header was written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
