"""A class's pieces, photographed at the class by its instructor (or an admin), perhaps from a
phone's offline queue and sent more than once; listed, titled, tagged and moved through their
stages; and their pictures, served to whoever holds a key to them or, for a piece in the public
gallery, to anyone."""

from django.conf import settings
from django.http import FileResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsInstructorOrAdmin
from artwork.access import NO_SUCH_PIECE, access_class_for_artwork
from artwork.files import (
    KEY_MAX_AGE_SECONDS,
    ORIGINAL,
    artwork_storage,
    is_picture_name,
    picture_key_opens,
)
from artwork.images import file_refused, too_large
from artwork.models import Artwork, Stage
from artwork.selectors.gallery import artwork_is_public
from artwork.selectors.pieces import artwork_get, class_artworks
from artwork.serializers import ArtworkOutputSerializer
from artwork.services.taking import artwork_change, artwork_take
from core.api import ServiceInputSerializer
from core.converters import LARGEST_ROW_ID
from core.errors import NotFound
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors
from core.parsers import upload_declared_too_large

# A piece is tagged with children of one class: no roster is longer.
MOST_CHILDREN = 100
STAGE_CHOICE = gettext_lazy("Choose in progress, drying, firing or ready.")


def _max_length(field: str) -> int:
    return Artwork._meta.get_field(field).max_length


class ParticipantIdsField(serializers.ListField):
    """Children's ids: a JSON list, or in a form the field repeated, or one comma-separated
    value (`participantIds=3,7`), or empty for none."""

    def __init__(self, **kwargs):
        super().__init__(
            child=serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID),
            max_length=MOST_CHILDREN,
            **kwargs,
        )

    def to_internal_value(self, data):
        if isinstance(data, str):
            data = [data]
        if isinstance(data, list):
            data = [
                part.strip() if isinstance(part, str) else part
                for item in data
                for part in (item.split(",") if isinstance(item, str) else [item])
                if not isinstance(part, str) or part.strip()
            ]
        return super().to_internal_value(data)


def _stage_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=Stage.choices, error_messages={"invalid_choice": STAGE_CHOICE}, **kwargs
    )


@extend_schema_serializer(component_name="ArtworkChange")
class ArtworkChangeInputSerializer(ServiceInputSerializer):
    """What the class's staff change of a piece (each optional in a PATCH)."""

    title = serializers.CharField(allow_blank=True, max_length=_max_length("title"))
    stage = _stage_field(help_text="Ready: ready for pick-up from now; its families are told.")
    participantIds = ParticipantIdsField(  # noqa: N815 - the API's names
        source="participant_ids",
        help_text="The children tagged, replacing those before; each holds a seat in the class "
        "(or was tagged already).",
    )


@extend_schema_serializer(component_name="ArtworkTake")
class ArtworkTakeInputSerializer(ServiceInputSerializer):
    """A piece photographed at the class, as the phone sends it (multipart/form-data)."""

    file = serializers.FileField(
        source="upload", help_text="The photograph: a JPEG, PNG, WebP or HEIC image."
    )
    clientId = serializers.CharField(  # noqa: N815
        source="client_id",
        max_length=_max_length("client_id"),
        help_text="The device's id for the photograph: sent again, it answers the same piece.",
    )
    participantIds = ParticipantIdsField(  # noqa: N815
        source="participant_ids",
        required=False,
        default=list,
        help_text="The children who made it, from the class's roster; none yet is fine.",
    )
    title = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=_max_length("title")
    )
    stage = _stage_field(required=False, default=Stage.IN_PROGRESS)


class ClassArtworkListApi(APIView):
    """GET /api/classes/{id}/artworks: the class's pieces, newest first. POST: a piece
    photographed, as multipart/form-data; a `clientId` sent before answers its piece again,
    200 instead of 201. The class's instructor, and admins; to anyone else's class: 404."""

    permission_classes = [IsInstructorOrAdmin]
    parser_classes = [MultiPartParser]

    @extend_schema(
        summary="A class's pieces, newest first (its instructor, and admins)",
        responses={200: ArtworkOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, class_id: int):
        camp_class = access_class_for_artwork(user=request.user, class_id=class_id)
        pieces = class_artworks(class_id=camp_class.pk)
        return Response(ArtworkOutputSerializer(pieces, many=True).data)

    @extend_schema(
        summary="Photograph a piece at a class and tag the children who made it (its "
        "instructor, and admins); a class's pieces and stored bytes a day are limited (429)",
        request={"multipart/form-data": ArtworkTakeInputSerializer},
        responses={
            201: ArtworkOutputSerializer,
            200: ArtworkOutputSerializer,
            **errors(400, 401, 403, 404, 409, 429),
        },
    )
    def post(self, request, class_id: int):
        if upload_declared_too_large(request, file_bytes=settings.ARTWORK_MAX_BYTES):
            raise too_large()
        try:
            data = ArtworkTakeInputSerializer(data=request.data)
        except (ParseError, UnsupportedMediaType):
            raise file_refused(
                gettext("Send the photograph as multipart/form-data, in a field named file.")
            ) from None
        data.is_valid(raise_exception=True)
        artwork, new = data.call_service(
            artwork_take, actor=request.user, class_id=class_id, **data.validated_data
        )
        return Response(
            ArtworkOutputSerializer(artwork_get(artwork_id=artwork.pk)).data,
            status=status.HTTP_201_CREATED if new else status.HTTP_200_OK,
        )


class ArtworkDetailApi(APIView):
    """PATCH /api/artworks/{id}: a piece's title, stage or children, by its class's
    instructor or an admin."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="Change a piece's title, stage or children (its class's instructor, and admins)",
        request=ArtworkChangeInputSerializer(partial=True),
        responses={200: ArtworkOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def patch(self, request, artwork_id: int):
        data = ArtworkChangeInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        artwork = data.call_service(
            artwork_change, actor=request.user, artwork_id=artwork_id, **data.validated_data
        )
        return Response(ArtworkOutputSerializer(artwork_get(artwork_id=artwork.pk)).data)


def _picture_opened(artwork: Artwork, name: str):
    try:
        return artwork_storage().open(f"{artwork.image_stem}/{name}", "rb")
    except OSError:
        raise NotFound(NO_SUCH_PIECE) from None


class ArtworkPictureApi(APIView):
    """GET /api/artworks/{id}/images/{name}: one of a piece's files (`original.jpg`,
    `{width}w.webp`), for a `key` handed out with the piece (its families, its class's staff),
    or to anyone while the piece is in the public gallery. Else 404, as for no piece at all."""

    # An <img> sends no access token: the key in its address, or the gallery, decides. Nobody
    # is read from the database for each of a page's pictures.
    authentication_classes = []
    permission_classes = [AllowAny]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="artwork_picture",
        summary="A piece's picture: with its key, or in the public gallery",
        parameters=[
            OpenApiParameter(
                "name", str, OpenApiParameter.PATH, description="original.jpg or {width}w.webp"
            ),
            OpenApiParameter("key", str, description="The key handed out with the piece."),
            OpenApiParameter("download", bool, description="1 or true: as an attachment."),
        ],
        responses={
            (200, "image/jpeg"): OpenApiResponse(OpenApiTypes.BINARY, description="original.jpg"),
            (200, "image/webp"): OpenApiResponse(OpenApiTypes.BINARY, description="A copy."),
            **errors(404),
        },
    )
    def get(self, request, artwork_id: int, name: str):
        artwork = Artwork.objects.filter(pk=artwork_id).first()
        if artwork is None or not is_picture_name(name, widths=artwork.widths):
            raise NotFound(NO_SUCH_PIECE)
        keyed = picture_key_opens(request.query_params.get("key", ""), artwork_id=artwork.pk)
        if not keyed and not artwork_is_public(artwork.pk):
            raise NotFound(NO_SUCH_PIECE)
        # The files under a stem never change: one a browser has is still the one we have.
        etag = f'"{artwork.image_stem}-{name}"'
        response = get_conditional_response(request, etag=etag)
        if response is None:
            download = request.query_params.get("download") in ("1", "true")
            extension = ".jpg" if name == ORIGINAL else ".webp"
            response = FileResponse(
                _picture_opened(artwork, name),
                content_type="image/jpeg" if name == ORIGINAL else "image/webp",
                as_attachment=download,
                filename=f"{slugify(artwork.title) or 'artwork'}-{artwork.pk}{extension}",
            )
            response["X-Content-Type-Options"] = "nosniff"
        response["ETag"] = etag
        if keyed:
            patch_cache_control(response, private=True, max_age=KEY_MAX_AGE_SECONDS)
        else:
            # Asked again at every showing: a consent withdrawn takes the piece down at once.
            patch_cache_control(response, no_cache=True)
        return response
