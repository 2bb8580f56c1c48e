"""Account reads open to every visitor, kept apart from the sign-in and role endpoints."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from accounts.selectors import instructor_list
from accounts.serializers import InstructorOutputSerializer
from core.openapi import errors
from core.pagination import PAGE_PARAMETER_NAMES, PAGE_PARAMETERS, list_answer, page_requested
from core.public_cache import PublicListApi, public_answer


class InstructorListApi(PublicListApi, APIView):
    permission_classes = [AllowAny]
    public_name = "instructors"
    public_params = PAGE_PARAMETER_NAMES

    @extend_schema(
        summary="Every instructor",
        parameters=PAGE_PARAMETERS,
        responses={200: InstructorOutputSerializer(many=True), **errors(400)},
    )
    def get(self, request):
        page = page_requested(request.query_params)
        return public_answer(
            self.public_key(request),
            lambda: list_answer(request, instructor_list(), InstructorOutputSerializer, page),
        )
