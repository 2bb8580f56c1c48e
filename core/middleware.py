"""A cap on request bodies, before anything reads them."""

import logging

from django.conf import settings
from django.http import JsonResponse

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
                error_body(f"The request body is larger than {limit} bytes."), status=413
            )
        return self.get_response(request)
