"""The front desk's log and its days: GET /api/frontDesk/log (an admin's all of it, a family's
its own), GET and POST /api/frontDesk/day (the day's takings, and closing it)."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Role
from accounts.permissions import IsOfficeOrAdmin, IsStudentOrAdmin
from core.converters import LARGEST_ROW_ID
from core.openapi import errors
from core.pagination import PAGE_PARAMETERS, list_response
from core.school_time import school_today
from front_desk.selectors import DayTakings, day_takings, desk_log_for
from front_desk.services.days import day_close

# What a family reads for whoever of the school acted for it.
THE_OFFICE = "The office"


class DeskActorSerializer(serializers.Serializer):
    name = serializers.CharField()
    role = serializers.CharField()


class DeskFamilySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DeskLogEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    kind = serializers.CharField()
    summary = serializers.CharField()
    actor = serializers.SerializerMethodField()
    family = serializers.SerializerMethodField()

    def get_actor(self, entry) -> DeskActorSerializer:
        return {"name": entry.actor.name or entry.actor.email, "role": entry.actor.role}

    def get_family(self, entry) -> DeskFamilySerializer(allow_null=True):
        if entry.family is None:
            return None
        return {"id": entry.family_id, "name": entry.family.name or entry.family.email}


class FamilyDeskLogEntrySerializer(DeskLogEntrySerializer):
    """A family reads what the school did for it, not which member of staff did it."""

    def get_actor(self, entry) -> DeskActorSerializer:
        return {"name": THE_OFFICE, "role": Role.OFFICE}


@extend_schema_serializer(component_name="DeskLogQuery")
class DeskLogQuerySerializer(serializers.Serializer):
    familyId = serializers.IntegerField(  # noqa: N815 - the API's name
        min_value=1, max_value=LARGEST_ROW_ID, required=False, help_text="Admins: one family's."
    )


class DeskLogApi(APIView):
    permission_classes = [IsStudentOrAdmin]

    @extend_schema(
        summary="What the front desk did, newest first: admins all of it, a family its own",
        parameters=[DeskLogQuerySerializer, *PAGE_PARAMETERS],
        responses={200: DeskLogEntrySerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = DeskLogQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        entries = desk_log_for(viewer=request.user, family_id=query.validated_data.get("familyId"))
        answer = DeskLogEntrySerializer if request.user.is_admin else FamilyDeskLogEntrySerializer
        return list_response(request, entries, answer)


class DayClosedSerializer(serializers.Serializer):
    closedBy = serializers.CharField()  # noqa: N815
    closedAt = serializers.DateTimeField()  # noqa: N815
    countedCash = serializers.FloatField()  # noqa: N815
    countedCheques = serializers.FloatField()  # noqa: N815
    recordedCash = serializers.FloatField()  # noqa: N815
    recordedCheques = serializers.FloatField()  # noqa: N815
    # Counted less recorded: short is negative.
    difference = serializers.FloatField()
    note = serializers.CharField(allow_blank=True)


class DayTakingsByMethodSerializer(serializers.Serializer):
    card = serializers.FloatField()
    cash = serializers.FloatField()
    cheque = serializers.FloatField()
    total = serializers.FloatField()


class DayTakingSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    checkoutId = serializers.IntegerField()  # noqa: N815
    family = DeskFamilySerializer()
    method = serializers.ChoiceField(choices=["card", "cash", "cheque"])
    amount = serializers.FloatField()
    reference = serializers.CharField(allow_blank=True)


class DayOutputSerializer(serializers.Serializer):
    date = serializers.DateField()
    takings = DayTakingsByMethodSerializer()
    payments = DayTakingSerializer(many=True)
    closed = DayClosedSerializer(allow_null=True)


def _day_body(day: DayTakings) -> dict:
    closed = day.closed
    return DayOutputSerializer(
        {
            "date": day.day,
            "takings": {**day.by_method, "total": day.total},
            "payments": [
                {
                    "at": taking.at,
                    "checkoutId": taking.checkout_id,
                    "family": {
                        "id": taking.family.pk,
                        "name": taking.family.name or taking.family.email,
                    },
                    "method": taking.method,
                    "amount": taking.amount,
                    "reference": taking.reference,
                }
                for taking in day.takings
            ],
            "closed": closed
            and {
                "closedBy": closed.closed_by.name or closed.closed_by.email,
                "closedAt": closed.closed_at,
                "countedCash": closed.counted_cash,
                "countedCheques": closed.counted_cheques,
                "recordedCash": closed.recorded_cash,
                "recordedCheques": closed.recorded_cheques,
                "difference": closed.difference,
                "note": closed.note,
            },
        }
    ).data


@extend_schema_serializer(component_name="DeskDayQuery")
class DayQuerySerializer(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="The day at the school; today if none.")


@extend_schema_serializer(component_name="DeskDayCloseInput")
class DayCloseInputSerializer(serializers.Serializer):
    date = serializers.DateField()
    countedCash = serializers.DecimalField(  # noqa: N815
        max_digits=9, decimal_places=2, min_value=0
    )
    countedCheques = serializers.DecimalField(  # noqa: N815
        max_digits=9, decimal_places=2, min_value=0
    )
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class DeskDayApi(APIView):
    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="The desk's takings on a day, by method, and its close (office and admins)",
        parameters=[DayQuerySerializer],
        responses={200: DayOutputSerializer, **errors(400, 401, 403)},
    )
    def get(self, request):
        query = DayQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(_day_body(day_takings(query.validated_data.get("date", school_today()))))

    @extend_schema(
        summary="Close a day: the cash and cheques counted against those recorded (office "
        "and admins)",
        request=DayCloseInputSerializer,
        responses={201: DayOutputSerializer, **errors(400, 401, 403, 409)},
    )
    def post(self, request):
        data = DayCloseInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        closed = day_close(
            staff=request.user,
            day=data.validated_data["date"],
            counted_cash=data.validated_data["countedCash"],
            counted_cheques=data.validated_data["countedCheques"],
            note=data.validated_data["note"],
        )
        return Response(_day_body(closed), status=status.HTTP_201_CREATED)
