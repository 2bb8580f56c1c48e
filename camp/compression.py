"""A public page's bytes on the wire: Brotli where the browser takes it, gzip where it does not.

A drawn page and the answers it carries are the first bytes a phone waits for. Brotli at quality
5 writes them about a tenth smaller than gzip in about the same millisecond, so All Classes fits
in the first round trip of a new connection (docs/performance.md). Only for pages whose body is
the public's own (camp/views.py `drawn_page`): no secret in them for a compression attack to find.
"""

import re

import brotli
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers
from django.utils.decorators import decorator_from_middleware

# "br" named in Accept-Encoding and not refused with q=0.
ACCEPTS_BROTLI = re.compile(r"\bbr\b(?!\s*;\s*q\s*=\s*0(?:\.0*)?\b)")
# Past 5, Brotli spends several times the CPU for a percent or two.
QUALITY = 5


class PageCompression(GZipMiddleware):
    def process_response(self, request, response):
        accepts = request.META.get("HTTP_ACCEPT_ENCODING", "")
        if (
            response.streaming
            or response.has_header("Content-Encoding")
            or len(response.content) < 200
            or not ACCEPTS_BROTLI.search(accepts)
        ):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        compressed = brotli.compress(response.content, mode=brotli.MODE_TEXT, quality=QUALITY)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response["Content-Length"] = str(len(compressed))
        if response.has_header("ETag"):
            response["ETag"] = re.sub(r'^"', 'W/"', response["ETag"])
        response["Content-Encoding"] = "br"
        return response


compressed_page = decorator_from_middleware(PageCompression)
