"""The API's own endpoints, apart from any app: health."""

import logging

from django.db import DatabaseError, connection
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

logger = logging.getLogger(__name__)


class HealthApi(APIView):
    """GET /api/health: whether this server process can answer, database included."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Whether the server and its database answer",
        responses={
            200: inline_serializer(
                "Health",
                {"status": serializers.CharField(), "database": serializers.CharField()},
            ),
            503: OpenApiResponse(
                inline_serializer(
                    "HealthFailure",
                    {
                        "status": serializers.CharField(),
                        "database": serializers.CharField(),
                        "message": serializers.CharField(),
                    },
                ),
                description="The database is not answering.",
            ),
        },
    )
    def get(self, request):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except DatabaseError:
            logger.exception("Health check: the database is not answering")
            return Response(
                {
                    "status": "error",
                    "database": "error",
                    "message": "The database is not answering.",
                },
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
            )
        return Response({"status": "ok", "database": "ok"})
