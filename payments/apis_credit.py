"""GET /api/credit: the family's account credit and its ledger."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from core.openapi import errors
from payments.selectors import credit_balance, credit_entries_of


class CreditEntryOutputSerializer(serializers.Serializer):
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    reason = serializers.CharField()
    at = serializers.DateTimeField()


class CreditOutputSerializer(serializers.Serializer):
    balance = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    entries = CreditEntryOutputSerializer(many=True)


class CreditApi(APIView):
    """GET /api/credit: the caller's family credit, applied at checkout before the card."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The family's account credit and its entries, newest first (students)",
        responses={200: CreditOutputSerializer, **errors(401, 403)},
    )
    def get(self, request):
        answer = {
            "balance": credit_balance(request.user.pk),
            "entries": credit_entries_of(request.user),
        }
        return Response(CreditOutputSerializer(answer).data)
