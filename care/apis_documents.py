"""A child's documents: the family (or an admin) uploads one, the family and admins list and
download them; an instructor of the child's class the action plans only. Every read by staff is
logged for the family (`CarePart.DOCUMENT`)."""

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudentInstructorOrAdmin, IsStudentOrAdmin
from care.access import access_document, access_documents, access_documents_to_add
from care.documents import document_opened
from care.models import CarePart, DocumentKind
from care.selectors import document_expired, documents_of
from care.services import care_document_upload, care_reads_logged
from core.api import ServiceInputSerializer
from core.errors import InvalidInput
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors
from core.parsers import upload_declared_too_large


@extend_schema_serializer(component_name="CareDocumentInput")
class CareDocumentInputSerializer(ServiceInputSerializer):
    file = serializers.FileField(source="upload", help_text="A PDF, PNG or JPEG file.")
    kind = serializers.ChoiceField(choices=DocumentKind.choices)
    expiresOn = serializers.DateField(  # noqa: N815 - the API's names
        source="expires_on", required=False, allow_null=True
    )


class CareDocumentOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=DocumentKind.choices)
    fileName = serializers.CharField(source="file_name")  # noqa: N815
    # What the content is, read from its bytes: application/pdf, image/png or image/jpeg.
    contentType = serializers.CharField(source="content_type")  # noqa: N815
    size = serializers.IntegerField()
    expiresOn = serializers.DateField(source="expires_on", allow_null=True)  # noqa: N815
    expired = serializers.SerializerMethodField()
    uploadedAt = serializers.DateTimeField(source="uploaded_at")  # noqa: N815
    uploadedBy = serializers.SerializerMethodField()  # noqa: N815

    def get_expired(self, document) -> bool:
        return document_expired(document)

    def get_uploadedBy(self, document) -> str:  # noqa: N802
        by = document.uploaded_by
        return (by.name or by.email) if by is not None else ""


def _file_refused(message: str) -> InvalidInput:
    return InvalidInput({"file": [message]})


class ParticipantDocumentListApi(APIView):
    """GET /api/participants/{id}/documents: the family and admins every document, an
    instructor of a class the child is in the action plans only; staff reads logged.
    POST: the family (its own child) or an admin uploads one, as multipart/form-data."""

    permission_classes = [IsStudentInstructorOrAdmin]
    parser_classes = [MultiPartParser]
    throttle_scope = "uploads"

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsStudentOrAdmin()]
        return super().get_permissions()

    @extend_schema(
        summary="A child's documents, newest first (instructors: the action plans only)",
        responses={200: CareDocumentOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, participant_id: int):
        participant, action_plans_only = access_documents(
            reader=request.user, participant_id=participant_id
        )
        care_reads_logged(participants=[participant], reader=request.user, part=CarePart.DOCUMENT)
        documents = documents_of(participant_id=participant.pk, action_plans_only=action_plans_only)
        return Response(CareDocumentOutputSerializer(documents, many=True).data)

    @extend_schema(
        summary="Upload a child's document: a PDF, PNG or JPEG (the family, or admins)",
        request={"multipart/form-data": CareDocumentInputSerializer},
        responses={201: CareDocumentOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, participant_id: int):
        participant = access_documents_to_add(by=request.user, participant_id=participant_id)
        if upload_declared_too_large(request, file_bytes=settings.CARE_DOCUMENT_MAX_BYTES):
            megabytes = settings.CARE_DOCUMENT_MAX_BYTES / (1024 * 1024)
            raise _file_refused(
                gettext("The file is larger than %(megabytes)s MB.")
                % {"megabytes": f"{megabytes:g}"}
            )
        try:
            data = CareDocumentInputSerializer(data=request.data)
        except (ParseError, UnsupportedMediaType):
            raise _file_refused(
                gettext("Send the file as multipart/form-data, in a field named file.")
            ) from None
        data.is_valid(raise_exception=True)
        document = data.call_service(
            care_document_upload, participant=participant, by=request.user, **data.validated_data
        )
        return Response(CareDocumentOutputSerializer(document).data, status=status.HTTP_201_CREATED)


class DocumentDetailApi(APIView):
    """GET /api/documents/{id}: the file, decrypted, as an attachment that no cache keeps; the
    family and admins, an instructor of the child an action plan only (logged)."""

    permission_classes = [IsStudentInstructorOrAdmin]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="care_document_file",
        summary="A child's document, as the file it is (PDF, PNG or JPEG)",
        responses={
            (200, "application/octet-stream"): OpenApiResponse(
                OpenApiTypes.BINARY,
                description="The file as uploaded, with its own type (application/pdf, "
                "image/png, image/jpeg) and its name in Content-Disposition.",
            ),
            **errors(401, 403, 404),
        },
    )
    def get(self, request, document_id: int):
        document = access_document(reader=request.user, document_id=document_id)
        care_reads_logged(
            participants=[document.participant], reader=request.user, part=CarePart.DOCUMENT
        )
        response = HttpResponse(
            document_opened(document.storage_name),
            content_type=document.content_type,
            headers={
                "Content-Disposition": content_disposition_header(True, document.file_name),
                # Its type is ours, read from its bytes: no browser guesses another.
                "X-Content-Type-Options": "nosniff",
            },
        )
        # A child's health papers: kept by no shared cache, nor the browser's.
        patch_cache_control(response, private=True, no_store=True)
        return response
