"""Enrolment: students' selections and the classes they are enrolled in."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_own_email
from accounts.permissions import IsStudent
from classes.serializers import ClassOutputSerializer
from core.openapi import count_of, errors
from core.pagination import PAGE_PARAMETERS, list_response
from enrolments.selectors import enrolled_class_list_for, selection_list_for
from enrolments.serializers import SelectionOutputSerializer
from enrolments.services import selection_create, selection_delete


class SelectionListCreateApi(APIView):
    """GET /api/selectClass?email=: the caller's selections. POST: a student selects a class."""

    throttle_scope = "selections"

    @extend_schema_serializer(component_name="SelectionQuery")
    class QuerySerializer(serializers.Serializer):
        email = serializers.EmailField()

    @extend_schema_serializer(component_name="SelectionInput")
    class InputSerializer(serializers.Serializer):
        classId = serializers.IntegerField(min_value=1)  # noqa: N815 - the spec's field name

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsStudent()]
        return [IsAuthenticated()]

    @extend_schema(
        summary="The caller's selected classes",
        parameters=[QuerySerializer, *PAGE_PARAMETERS],
        responses={200: SelectionOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        access_own_email(
            caller=request.user,
            email=query.validated_data["email"],
            refusal="You can only see your own selected classes.",
        )
        selections = selection_list_for(student=request.user)
        return list_response(request, selections, SelectionOutputSerializer)

    @extend_schema(
        summary="Select an approved class to pay for later (students)",
        request=InputSerializer,
        responses={
            201: count_of("SelectionCreated", "insertedId"),
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request):
        # Only the class is read from the body: the student is the caller, and the class's
        # name, price and seats come from our database, not from what the browser claims.
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        selection = selection_create(student=request.user, class_id=data.validated_data["classId"])
        return Response({"insertedId": selection.pk}, status=status.HTTP_201_CREATED)


class SelectionDeleteApi(APIView):
    """DELETE /api/selectClass/{id}: drop one of the caller's own selections."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Drop one of the caller's own selections",
        responses={200: count_of("SelectionDeleted", "deletedCount"), **errors(401, 404)},
    )
    def delete(self, request, selection_id: int):
        # Someone else's selection answers 404 like a missing one, so ids reveal nothing.
        deleted = selection_delete(selection_id=selection_id, student=request.user)
        return Response({"deletedCount": deleted})


class EnrolledClassListApi(APIView):
    """GET /api/enrolledStudent/{email}: the classes the caller is enrolled in."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The classes the caller is enrolled in (students)",
        parameters=PAGE_PARAMETERS,
        responses={200: ClassOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request, email: str):
        access_own_email(
            caller=request.user,
            email=email,
            refusal="You can only see your own payments and classes.",
        )
        classes = enrolled_class_list_for(student=request.user)
        return list_response(request, classes, ClassOutputSerializer)
