"""Account reads open to every visitor, kept apart from the sign-in and role endpoints."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import instructor_list
from accounts.serializers import InstructorOutputSerializer


class InstructorListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Every instructor", responses=InstructorOutputSerializer(many=True))
    def get(self, request):
        return Response(InstructorOutputSerializer(instructor_list(), many=True).data)
