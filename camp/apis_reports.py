"""The admins' season report: its figures as JSON, and each of its tables as a download."""

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsAdmin
from books.reports import ADD_ONS, CLASSES, EXTENDED_CARE
from camp.reports import (
    TABLES,
    period_for_report,
    report_file_name,
    report_table,
    season_for_report,
    season_report_shown,
    table_csv_write,
    table_xlsx,
)
from classes.models import CareKind
from core.converters import LARGEST_ROW_ID
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class ReportQuerySerializer(serializers.Serializer):
    season = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID, required=False)
    to = serializers.DateField(required=False, input_formats=["iso-8601"])

    def get_fields(self):
        # `from` is a word Python keeps for itself, so the field is named here.
        fields = super().get_fields()
        fields["from"] = serializers.DateField(required=False, input_formats=["iso-8601"])
        return fields


def _asked(request):
    query = ReportQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    season = season_for_report(query.validated_data.get("season"))
    period = period_for_report(
        season, query.validated_data.get("from"), query.validated_data.get("to")
    )
    return season, period


class _Figure(serializers.Serializer):
    count = serializers.IntegerField()
    amount = serializers.FloatField()


class _MoneyLine(serializers.Serializer):
    gross = serializers.FloatField()
    adjustments = serializers.FloatField()
    charged = serializers.FloatField()
    refunds = serializers.FloatField()
    net = serializers.FloatField()


class _MoneyWeek(_MoneyLine):
    weekOf = serializers.DateField()  # noqa: N815 - the API's names


class _MoneyCategory(_MoneyLine):
    category = serializers.CharField()


class _MoneyKind(_MoneyLine):
    kind = serializers.ChoiceField(choices=[CLASSES, EXTENDED_CARE, ADD_ONS])


class _Adjustments(serializers.Serializer):
    earlyBird = serializers.FloatField()  # noqa: N815
    sibling = serializers.FloatField()
    multiClass = serializers.FloatField()  # noqa: N815
    multiWeek = serializers.FloatField()  # noqa: N815
    weeklyCare = serializers.FloatField()  # noqa: N815
    code = serializers.FloatField()
    scholarship = serializers.FloatField()
    other = serializers.FloatField()


class _Money(serializers.Serializer):
    gross = serializers.FloatField()
    adjustments = _Adjustments()
    creditSpent = serializers.FloatField()  # noqa: N815
    planLater = serializers.FloatField()  # noqa: N815
    instalmentsPaid = serializers.FloatField()  # noqa: N815
    charged = serializers.FloatField()
    refunds = serializers.FloatField()
    creditIssued = serializers.FloatField()  # noqa: N815
    net = serializers.FloatField()
    byWeek = _MoneyWeek(many=True)  # noqa: N815
    byCategory = _MoneyCategory(many=True)  # noqa: N815
    # Classes (whole, by the week or the day) and extended care, apart.
    byKind = _MoneyKind(many=True)  # noqa: N815


class _InstalmentWeek(serializers.Serializer):
    weekOf = serializers.DateField()  # noqa: N815
    count = serializers.IntegerField()
    amount = serializers.FloatField()


class _Instalments(serializers.Serializer):
    dueNext30Days = _Figure()  # noqa: N815
    overdue = _Figure()
    byWeek = _InstalmentWeek(many=True)  # noqa: N815


class _ClassAttendance(serializers.Serializer):
    classId = serializers.IntegerField()  # noqa: N815
    name = serializers.CharField()
    meetings = serializers.IntegerField()
    attended = serializers.IntegerField()
    absent = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True)


class _Attendance(serializers.Serializer):
    rate = serializers.FloatField(allow_null=True)
    attended = serializers.IntegerField()
    absent = serializers.IntegerField()
    classes = _ClassAttendance(many=True)


class _ClassFill(serializers.Serializer):
    classId = serializers.IntegerField()  # noqa: N815
    name = serializers.CharField()
    category = serializers.CharField()
    seats = serializers.IntegerField()
    enrolled = serializers.IntegerField()
    held = serializers.IntegerField()
    waitlisted = serializers.IntegerField()
    demand = serializers.IntegerField()


class _UnitFill(serializers.Serializer):
    """A week or a day of a class sold by them (`classId` the class, `unitId` the week's)."""

    classId = serializers.IntegerField()  # noqa: N815
    unitId = serializers.IntegerField()  # noqa: N815
    name = serializers.CharField()
    label = serializers.CharField()
    startsOn = serializers.DateField()  # noqa: N815
    endsOn = serializers.DateField()  # noqa: N815
    seats = serializers.IntegerField()
    taken = serializers.IntegerField()
    held = serializers.IntegerField()
    waitlisted = serializers.IntegerField()


class _CareDay(serializers.Serializer):
    """A day of an option of extended care: its seats, those taken, and what it brought in
    (paid less given back, whenever it moved)."""

    optionId = serializers.IntegerField()  # noqa: N815
    label = serializers.CharField()
    kind = serializers.ChoiceField(choices=CareKind.values)
    dayId = serializers.IntegerField()  # noqa: N815
    day = serializers.DateField()
    seats = serializers.IntegerField()
    taken = serializers.IntegerField()
    held = serializers.IntegerField()
    revenue = serializers.FloatField()


class _Day(serializers.Serializer):
    day = serializers.DateField()
    registrations = serializers.IntegerField()
    cancellations = serializers.IntegerField()


class _Hour(serializers.Serializer):
    hour = serializers.IntegerField()
    startsAt = serializers.DateTimeField()  # noqa: N815
    registrations = serializers.IntegerField()


class _OpeningDay(serializers.Serializer):
    day = serializers.DateField()
    hours = _Hour(many=True)


class _Season(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class _ReportSeason(_Season):
    opensAt = serializers.DateTimeField()  # noqa: N815
    startsOn = serializers.DateField()  # noqa: N815
    endsOn = serializers.DateField()  # noqa: N815


class SeasonReportOutputSerializer(serializers.Serializer):
    season = _ReportSeason()
    seasons = _Season(many=True)
    generatedAt = serializers.DateTimeField()  # noqa: N815
    currency = serializers.CharField()
    registrationsByDay = _Day(many=True)  # noqa: N815
    openingDay = _OpeningDay()  # noqa: N815
    classes = _ClassFill(many=True)
    units = _UnitFill(many=True)
    extendedCare = _CareDay(many=True)  # noqa: N815
    money = _Money()
    instalments = _Instalments()
    attendance = _Attendance()
    missingCare = serializers.IntegerField()  # noqa: N815
    to = serializers.DateField()

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = serializers.DateField()
        return fields


class SeasonReportApi(APIView):
    """GET /api/reports/season?season=&from=&to=: the season's figures for the dashboard
    (admins)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        operation_id="reports_season",
        summary="A season's registrations, fill, money, instalments and attendance (admins)",
        parameters=[ReportQuerySerializer],
        responses={200: SeasonReportOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def get(self, request):
        season, period = _asked(request)
        response = Response(season_report_shown(season, period))
        # Families' money and children's counts: never kept by a shared cache.
        patch_cache_control(response, private=True, no_store=True)
        return response


def _table_schema(extension: str, media_type: str, body):
    return extend_schema(
        operation_id=f"reports_table_{extension}",
        summary=f"One of the season report's tables as .{extension} (admins)",
        parameters=[
            OpenApiParameter("table", OpenApiTypes.STR, OpenApiParameter.PATH, enum=sorted(TABLES)),
            ReportQuerySerializer,
        ],
        responses={
            (200, media_type): OpenApiResponse(body, description="The table."),
            **errors(400, 401, 403, 404),
        },
    )


class _ReportTableApi(APIView):
    """One of the report's tables as a download (admins), for the same season and days."""

    permission_classes = [IsAdmin]
    content_negotiation_class = FileAnswerNegotiation

    def _file(self, request, table: str, extension: str) -> HttpResponse:
        season, period = _asked(request)
        rows = report_table(table, season, period)
        if extension == "xlsx":
            response = HttpResponse(table_xlsx(rows, title=table), content_type=XLSX)
        else:
            response = HttpResponse(content_type="text/csv; charset=utf-8")
            table_csv_write(rows, response)
        name = report_file_name(table, season, extension)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        patch_cache_control(response, private=True, no_store=True)
        return response


class ReportCsvApi(_ReportTableApi):
    """GET /api/reports/<table>.csv?season=&from=&to=: spreadsheet-safe CSV."""

    @_table_schema("csv", "text/csv", OpenApiTypes.STR)
    def get(self, request, table: str):
        return self._file(request, table, "csv")


class ReportXlsxApi(_ReportTableApi):
    """GET /api/reports/<table>.xlsx?season=&from=&to=: an Excel workbook of one sheet."""

    @_table_schema("xlsx", XLSX, OpenApiTypes.BINARY)
    def get(self, request, table: str):
        return self._file(request, table, "xlsx")
