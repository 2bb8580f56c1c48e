"""The school's books for its bookkeeping (admins): the journal of a period as a plain journal
(CSV, XLSX), QuickBooks Desktop IIF, QuickBooks Online and Xero journal imports, and Stripe's
payouts matched to their charges, refunds and fees."""

from collections.abc import Callable
from datetime import date, timedelta

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsAdmin
from books.exports import (
    journal_csv,
    journal_iif,
    journal_qbo_csv,
    journal_xero_csv,
    journal_xlsx,
)
from books.journal import journal_for
from books.payouts import payouts_matched
from books.reports import Period
from core.errors import InvalidInput
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors

# Two years at most in one file: a bookkeeper exports a month, a quarter or a year.
LONGEST_DAYS = 731
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class BooksQuerySerializer(serializers.Serializer):
    to = serializers.DateField(input_formats=["iso-8601"], help_text="The last day, included.")

    def get_fields(self):
        # `from` is a word Python keeps for itself, so the field is named here.
        fields = super().get_fields()
        fields["from"] = serializers.DateField(
            input_formats=["iso-8601"], help_text="The first day, included."
        )
        return fields


def period_asked(request) -> Period:
    query = BooksQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    start: date = query.validated_data["from"]
    end: date = query.validated_data["to"]
    if end < start:
        raise InvalidInput({"to": [_("The last day comes on or after the first.")]})
    if end - start >= timedelta(days=LONGEST_DAYS):
        raise InvalidInput(
            {
                "to": [
                    _("An export covers at most %(LONGEST_DAYS)s days.")
                    % {"LONGEST_DAYS": LONGEST_DAYS}
                ]
            }
        )
    return Period(start=start, end=end)


# Each file: its media type and how the journal is written in it.
FILES: dict[str, tuple[str, Callable]] = {
    "csv": ("text/csv; charset=utf-8", journal_csv),
    "xlsx": (XLSX, journal_xlsx),
    "iif": ("application/octet-stream", journal_iif),
    "qbo.csv": ("text/csv; charset=utf-8", journal_qbo_csv),
    "xero.csv": ("text/csv; charset=utf-8", journal_xero_csv),
}
DESCRIBED = {
    "csv": "The journal: date, entry, account code, account, debit, credit, memo, family, "
    "reference; a row per line, every entry's debits equal to its credits.",
    "xlsx": "The journal as a workbook, amounts as numbers.",
    "iif": "QuickBooks Desktop's import: GENERAL JOURNAL transactions (TRNS, SPL, ENDTRNS), "
    "accounts by name, a debit positive and a credit negative.",
    "qbo.csv": "QuickBooks Online's journal entry import: JournalNo, JournalDate, AccountName, "
    "Debits, Credits, Description, Name.",
    "xero.csv": "Xero's manual journal import: *Narration, *Date, Description, *AccountCode, "
    "*TaxRate, *Amount (a debit positive, a credit negative).",
}


def _journal_api(extension: str) -> type[APIView]:
    media_type, write = FILES[extension]

    class JournalApi(APIView):
        permission_classes = [IsAdmin]
        content_negotiation_class = FileAnswerNegotiation

        @extend_schema(
            operation_id=f"reports_journal_{extension.replace('.', '_')}",
            summary=f"The school's journal for a period as journal.{extension} (admins)",
            parameters=[BooksQuerySerializer],
            responses={
                (200, media_type.split(";")[0]): OpenApiResponse(
                    OpenApiTypes.BINARY, description=DESCRIBED[extension]
                ),
                **errors(400, 401, 403, 503),
            },
        )
        def get(self, request):
            period = period_asked(request)
            response = HttpResponse(write(journal_for(period)), content_type=media_type)
            name = f"journal-{period.start.isoformat()}-{period.end.isoformat()}.{extension}"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            # Families' names and money: kept by no shared cache, nor the browser's.
            patch_cache_control(response, private=True, no_store=True)
            return response

    JournalApi.__name__ = JournalApi.__qualname__ = (
        f"Journal{extension.title().replace('.', '')}Api"
    )
    JournalApi.__doc__ = f"GET /api/reports/journal.{extension}?from=&to= (admins)."
    return JournalApi


JOURNAL_APIS = {extension: _journal_api(extension) for extension in FILES}


class _Payout(serializers.Serializer):
    id = serializers.CharField()
    arrivesOn = serializers.DateField()  # noqa: N815 - the API's names
    status = serializers.CharField()
    currency = serializers.CharField()
    amount = serializers.FloatField(help_text="What the bank receives.")
    charges = serializers.FloatField()
    refunds = serializers.FloatField()
    fees = serializers.FloatField(help_text="Stripe's fees on the payout's movements.")
    other = serializers.FloatField(help_text="Any other movement (an adjustment, a dispute).")
    net = serializers.FloatField(help_text="charges - refunds - fees + other.")
    matched = serializers.BooleanField(help_text="Whether net is the amount, to the cent.")
    movements = serializers.IntegerField()
    matchedBy = serializers.ChoiceField(  # noqa: N815
        choices=["payout", "window"],
        help_text="Stripe's own list of the payout's movements, or (a provider that keeps none) "
        "those made since the payout before it.",
    )


class PayoutsOutputSerializer(serializers.Serializer):
    payouts = _Payout(many=True)


class PayoutsApi(APIView):
    """GET /api/reports/payouts?from=&to=: Stripe's payouts arriving in the period, each with
    its charges, refunds and fees (admins)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        operation_id="reports_payouts",
        summary="Stripe's payouts in a period matched to their charges, refunds and fees (admins)",
        parameters=[BooksQuerySerializer],
        responses={200: PayoutsOutputSerializer, **errors(400, 401, 403, 503)},
    )
    def get(self, request):
        payouts = [
            {
                "id": payout.id,
                "arrivesOn": payout.arrives_on,
                "status": payout.status,
                "currency": payout.currency,
                "amount": float(payout.amount),
                "charges": float(payout.charges),
                "refunds": float(payout.refunds),
                "fees": float(payout.fees),
                "other": float(payout.other),
                "net": float(payout.net),
                "matched": payout.matched,
                "movements": payout.movements,
                "matchedBy": payout.matched_by,
            }
            for payout in payouts_matched(period_asked(request))
        ]
        response = Response(PayoutsOutputSerializer({"payouts": payouts}).data)
        patch_cache_control(response, private=True, no_store=True)
        return response
