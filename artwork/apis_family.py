"""A child's pieces of artwork, for the family (My Family's portfolio), admins, and an instructor
of the child (the pieces of the classes they teach): the list, a child taken off a piece (the
family and admins), and the portfolio as a PDF (the family and admins). Another family's child,
or a child an instructor does not teach, is as good as absent (artwork.access_children)."""

from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudentInstructorOrAdmin, IsStudentOrAdmin
from artwork.access_children import access_child_artworks, access_child_for_family
from artwork.portfolio_pdf import portfolio_pdf
from artwork.selectors.family import artworks_of_child, portfolio_of
from artwork.serializers import ArtworkOutputSerializer
from artwork.services.family import artwork_child_untag
from core.converters import LARGEST_ROW_ID
from core.negotiation import FileAnswerNegotiation
from core.openapi import count_of, errors


@extend_schema_serializer(component_name="ChildArtworkQuery")
class ChildArtworkQuerySerializer(serializers.Serializer):
    seasonId = serializers.IntegerField(  # noqa: N815
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=LARGEST_ROW_ID,
        help_text="One season's pieces only.",
    )


class ParticipantArtworkListApi(APIView):
    """GET /api/participants/{id}/artworks?seasonId=: a child's pieces, newest first."""

    permission_classes = [IsStudentInstructorOrAdmin]

    @extend_schema(
        summary="A child's pieces of artwork, newest first (the family, admins, and an "
        "instructor of the child: the pieces of the classes they teach)",
        parameters=[ChildArtworkQuerySerializer],
        responses={200: ArtworkOutputSerializer(many=True), **errors(400, 401, 403, 404)},
    )
    def get(self, request, participant_id: int):
        query = ChildArtworkQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        participant, view = access_child_artworks(user=request.user, participant_id=participant_id)
        pieces = artworks_of_child(
            participant=participant,
            view=view,
            reader=request.user,
            season_id=query.validated_data["seasonId"],
        )
        return Response(ArtworkOutputSerializer(pieces, many=True).data)


class ParticipantArtworkUntagApi(APIView):
    """DELETE /api/participants/{pid}/artworks/{id}: the family (or an admin) takes the child
    off the piece; a piece with no child left is deleted, with every picture of it."""

    permission_classes = [IsStudentOrAdmin]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Take a child off a piece of artwork (the family, admins); a piece with no "
        "child left is deleted with its pictures",
        responses={
            200: count_of("ArtworkChildDeleted", "deletedCount"),
            **errors(401, 403, 404, 429),
        },
    )
    def delete(self, request, participant_id: int, artwork_id: int):
        # Answered like the API's other removals (a selection's, a child's): the count removed.
        artwork_child_untag(by=request.user, participant_id=participant_id, artwork_id=artwork_id)
        return Response({"deletedCount": 1})


class ParticipantPortfolioPdfApi(APIView):
    """GET /api/participants/{id}/portfolio.pdf?seasonId=: the child's portfolio as a PDF, a
    page per piece, for the family to keep (and admins)."""

    permission_classes = [IsStudentOrAdmin]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="participant_portfolio_pdf",
        summary="A child's portfolio of artwork as PDF, a season's or every one (the family, "
        "admins)",
        parameters=[ChildArtworkQuerySerializer],
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY,
                description="A cover with the child's first name and the season, then a page "
                "per piece, oldest first: its title, class, day and picture.",
            ),
            **errors(400, 401, 403, 404),
        },
    )
    def get(self, request, participant_id: int):
        query = ChildArtworkQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        participant = access_child_for_family(user=request.user, participant_id=participant_id)
        portfolio = portfolio_of(
            participant=participant,
            reader=request.user,
            season_id=query.validated_data["seasonId"],
        )
        name = slugify(participant.first_name) or f"participant-{participant.pk}"
        # In the family's reading language, whoever prints it.
        with translation.override(participant.account.reading_language):
            document = portfolio_pdf(portfolio)
        response = HttpResponse(
            document,
            content_type="application/pdf",
            headers={
                "Content-Disposition": content_disposition_header(True, f"portfolio-{name}.pdf")
            },
        )
        # A child's pictures: kept by no shared cache, nor the browser's.
        patch_cache_control(response, private=True, no_store=True)
        return response
