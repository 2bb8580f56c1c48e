"""The public gallery (GET /api/gallery, every visitor's, cached as the catalog's lists are), and
the admins' review of the pieces that may go in it (GET /api/artworks, POST .../approval)."""

from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsAdmin
from artwork.files import picture_sources
from artwork.selectors.gallery import (
    artwork_for_review,
    artworks_for_review,
    first_names,
    gallery_pieces,
)
from artwork.serializers import ArtworkOutputSerializer, ArtworkPictureSerializer
from artwork.services.approval import artwork_approval_set
from core.api import ServiceInputSerializer
from core.converters import LARGEST_ROW_ID
from core.openapi import errors
from core.pagination import (
    DEFAULT_PAGE_SIZE,
    PAGE_PARAMETER_NAMES,
    PAGE_PARAMETERS,
    PageRequest,
    list_answer,
    list_response,
    page_requested,
)
from core.public_cache import PublicListApi, public_answer


@extend_schema_serializer(component_name="GalleryPiece")
class GalleryPieceOutputSerializer(serializers.Serializer):
    """A piece as every visitor sees it: the first names of the children who made it, nothing
    else of them; its pictures' addresses carry no key (served while the piece is public)."""

    id = serializers.IntegerField()
    title = serializers.CharField()
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815 - the API's names
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    takenOn = serializers.DateField(source="taken_on")  # noqa: N815
    firstNames = serializers.SerializerMethodField()  # noqa: N815
    picture = serializers.SerializerMethodField()

    def get_firstNames(self, artwork) -> list[str]:  # noqa: N802 - named for its field
        return first_names(artwork)

    @extend_schema_field(ArtworkPictureSerializer)
    def get_picture(self, artwork) -> dict:
        return picture_sources(artwork, keyed=False)


@extend_schema_serializer(component_name="GalleryQuery")
class GalleryQuerySerializer(serializers.Serializer):
    classId = serializers.IntegerField(  # noqa: N815
        required=False,
        min_value=1,
        max_value=LARGEST_ROW_ID,
        help_text="One class's pieces (its page's strip).",
    )


class GalleryListApi(PublicListApi, APIView):
    """GET /api/gallery?classId=&page=&page_size=: the pieces the public may see, newest first,
    always a page (24 unless page_size says), X-Total-Count giving them all. The same for every
    caller, so cached for all; a change of anything it shows forgets it
    (`artwork.selectors.gallery`)."""

    permission_classes = [AllowAny]
    public_name = "gallery"
    public_params = frozenset({"classId", *PAGE_PARAMETER_NAMES})

    @extend_schema(
        summary="The public gallery: approved pieces whose every child has photo consent, "
        "newest first, a page at a time; first names only",
        parameters=[GalleryQuerySerializer, *PAGE_PARAMETERS],
        responses={200: GalleryPieceOutputSerializer(many=True), **errors(400)},
    )
    def get(self, request):
        query = GalleryQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        # A gallery grows season after season: never the whole of it in one answer.
        page = page_requested(request.query_params) or PageRequest(1, DEFAULT_PAGE_SIZE)
        class_id = query.validated_data.get("classId")
        return public_answer(
            self.public_key(request),
            lambda: list_answer(
                request, gallery_pieces(class_id=class_id), GalleryPieceOutputSerializer, page
            ),
        )


@extend_schema_serializer(component_name="ArtworkForReview")
class ArtworkReviewOutputSerializer(ArtworkOutputSerializer):
    inGallery = serializers.BooleanField(  # noqa: N815
        source="in_gallery",
        help_text="Whether the public gallery shows it now: approved, a child tagged, and every "
        "child tagged with photo consent.",
    )


@extend_schema_serializer(component_name="ArtworkReviewQuery")
class ArtworkReviewQuerySerializer(serializers.Serializer):
    approved = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="false: the pieces waiting for approval; true: those approved; absent: all.",
    )


class ArtworkReviewListApi(APIView):
    """GET /api/artworks?approved=: the admins' list of pieces to approve for the gallery."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Pieces for the admins to approve for the public gallery, newest first",
        parameters=[ArtworkReviewQuerySerializer, *PAGE_PARAMETERS],
        responses={200: ArtworkReviewOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = ArtworkReviewQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        pieces = artworks_for_review(approved=query.validated_data["approved"])
        return list_response(request, pieces, ArtworkReviewOutputSerializer)


@extend_schema_serializer(component_name="ArtworkApproval")
class ArtworkApprovalInputSerializer(ServiceInputSerializer):
    approved = serializers.BooleanField(
        help_text="true: into the gallery (while every child has photo consent); false: out."
    )


class ArtworkApprovalApi(APIView):
    """POST /api/artworks/{id}/approval {approved}: an admin approves a piece for the public
    gallery, or withdraws it; answered with the piece as the review list shows it."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Approve a piece for the public gallery, or withdraw it (admins)",
        request=ArtworkApprovalInputSerializer,
        responses={200: ArtworkReviewOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, artwork_id: int):
        data = ArtworkApprovalInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        data.call_service(
            artwork_approval_set,
            actor=request.user,
            artwork_id=artwork_id,
            approved=data.validated_data["approved"],
        )
        return Response(
            ArtworkReviewOutputSerializer(artwork_for_review(artwork_id=artwork_id)).data
        )
