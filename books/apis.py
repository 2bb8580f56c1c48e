"""GET /api/statements/{year}.pdf: a family's yearly statement of what it paid for one child's
care, for a dependent-care account or a tax return."""

from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.views import APIView

from accounts.access import access_participant
from accounts.permissions import IsStudent
from books.statements import FIRST_YEAR, LAST_YEAR, statement_for, statement_pdf
from core.converters import LARGEST_ROW_ID
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors


@extend_schema_serializer(component_name="StatementQuery")
class StatementQuerySerializer(serializers.Serializer):
    participantId = serializers.IntegerField(  # noqa: N815 - the API's name
        min_value=1, max_value=LARGEST_ROW_ID, help_text="Whose statement: one of the family."
    )


class StatementInputSerializer(StatementQuerySerializer):
    """The query and the year of the path, checked together: each bad one is named."""

    year = serializers.IntegerField(min_value=FIRST_YEAR, max_value=LAST_YEAR)


class StatementDetailApi(APIView):
    """GET /api/statements/{year}.pdf?participantId=: the statement of one of the caller's
    family; anyone else's participant is not found. A year with nothing paid is a statement
    that says so."""

    permission_classes = [IsStudent]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="statement_pdf",
        summary="A yearly statement of what was paid for a participant's care, as PDF (students)",
        parameters=[StatementQuerySerializer],
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY,
                description="The school, the participant, each class paid for in the year "
                "(dates of care, paid, refunded, net) and the total.",
            ),
            **errors(400, 401, 403, 404),
        },
    )
    def get(self, request, year: int):
        data = StatementInputSerializer(data={**request.query_params.dict(), "year": year})
        data.is_valid(raise_exception=True)
        participant = access_participant(
            account=request.user, participant_id=data.validated_data["participantId"]
        )
        statement = statement_for(participant=participant, year=data.validated_data["year"])
        name = slugify(participant.name) or f"participant-{participant.pk}"
        # In the reader's own language, whatever language the request asked in.
        with translation.override(request.user.reading_language):
            document = statement_pdf(statement)
        response = HttpResponse(
            document,
            content_type="application/pdf",
            headers={
                "Content-Disposition": content_disposition_header(
                    True, f"statement-{statement.year}-{name}.pdf"
                )
            },
        )
        # A child's name and the family's payments: kept by no shared cache, nor the browser's.
        patch_cache_control(response, private=True, no_store=True)
        return response
