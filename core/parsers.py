"""Request bodies as the API reads them: malformed ones are the caller's error, never ours."""

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
            raise ParseError("JSON parse error - the body is nested too deeply.") from error
