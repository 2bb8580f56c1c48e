"""Request bodies as the API reads them: malformed ones are the caller's error, never ours."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class JsonParser(JSONParser):
    """DRF's JSON parser, with nesting too deep for Python's parser answered as bad input.

    A few kilobytes of `[[[[...` make json.loads raise RecursionError, which DRF does not catch
    and which would otherwise be a 500.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(_("JSON parse error - the body is nested too deeply.")) from error


# What multipart framing adds around an uploaded file: boundaries, headers, its name, the form's
# other fields.
MULTIPART_OVERHEAD_BYTES = 64 * 1024


def upload_declared_too_large(request, *, file_bytes: int) -> bool:
    """Whether a multipart body's declared length is more than a file of `file_bytes` and its
    framing: such a body is refused on it, before it is read and spooled to disk."""
    declared = request.META.get("CONTENT_LENGTH") or "0"
    return declared.isdigit() and int(declared) > file_bytes + MULTIPART_OVERHEAD_BYTES
