"""Content negotiation for the views that answer a file (a calendar) instead of JSON."""

from rest_framework.negotiation import DefaultContentNegotiation


class FileAnswerNegotiation(DefaultContentNegotiation):
    """Whatever the caller says it accepts, the view answers its file (a plain HttpResponse of its
    own type) and any error in the API's one JSON shape.

    Calendar clients send `Accept: text/calendar`; DRF's default negotiation would refuse them
    with 406 before the view ran, the API's only renderer being JSON.
    """

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
