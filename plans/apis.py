"""A family's balance on a seat paid by a plan: what is paid, what is left, and paying it
(`plans.services`)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from core.errors import InvalidInput
from core.openapi import ErrorSerializer, errors
from core.school_time import school_today
from payments.apis import PaymentActionSerializer, bank_confirmation_asked
from payments.models import Payment
from payments.serializers import InstalmentOutputSerializer
from plans.services import (
    UNPAID,
    BalanceScope,
    balance_pay,
    balance_payment_of,
    balance_setup_secret,
    paid_toward,
)

API_FIELDS = {"setup_intent": "setupIntentId", "payment_intent": "paymentIntentId"}


class BalanceOutputSerializer(serializers.Serializer):
    paid = serializers.FloatField()
    # Everything still to pay, and what of it is due by today (failed parts included).
    due = serializers.FloatField()
    dueNow = serializers.FloatField()  # noqa: N815 - the API's field names
    planLabel = serializers.CharField()  # noqa: N815
    overdueSince = serializers.DateField(allow_null=True)  # noqa: N815
    releaseOn = serializers.DateField(allow_null=True)  # noqa: N815
    # Where Stripe.js saves another card to pay with; null when nothing is left to pay.
    clientSecret = serializers.CharField(allow_null=True)  # noqa: N815
    instalments = InstalmentOutputSerializer(many=True)


def _balance_body(payment: Payment, *, client_secret: str | None) -> dict:
    instalments = list(payment.instalments.all())
    unpaid = [instalment for instalment in instalments if instalment.status in UNPAID]
    today = school_today()
    return {
        "paid": float(paid_toward(payment)),
        "due": float(sum(instalment.amount for instalment in unpaid)),
        "dueNow": float(
            sum(
                instalment.amount
                for instalment in unpaid
                if instalment.due_on <= today or instalment.status == "failed"
            )
        ),
        "planLabel": payment.plan_label,
        "overdueSince": payment.overdue_since,
        "releaseOn": payment.release_on,
        "clientSecret": client_secret,
        # The rows themselves: BalanceOutputSerializer shapes them, once.
        "instalments": instalments,
    }


class BalanceApi(APIView):
    """GET /api/enrolments/{id}/balance: the family's own seat's balance."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="What is paid and what is left on the caller's own enrolment (students)",
        responses={200: BalanceOutputSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, enrolment_id: int):
        payment = balance_payment_of(family=request.user, enrolment_id=enrolment_id)
        secret = balance_setup_secret(request.user, payment)
        return Response(BalanceOutputSerializer(_balance_body(payment, client_secret=secret)).data)


class BalanceRefusalSerializer(ErrorSerializer):
    amount = serializers.FloatField(required=False)


class BalancePaymentApi(APIView):
    """POST /api/enrolments/{id}/balance/payment: pay what is due now, or all that is left."""

    permission_classes = [IsStudent]
    throttle_scope = "payments"
    # A payment that may take again a seat released for want of it: behind the opening's line.
    waiting_room_gated = True

    @extend_schema_serializer(component_name="BalancePaymentInput")
    class InputSerializer(serializers.Serializer):
        scope = serializers.ChoiceField(
            choices=[BalanceScope.DUE, BalanceScope.ALL], default=BalanceScope.DUE
        )
        # What the page showed and the family confirmed: nothing else is charged.
        amount = serializers.DecimalField(max_digits=9, decimal_places=2, min_value=0)
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )

    @extend_schema(
        summary="Pay what is due on the caller's own enrolment, or the whole balance (students)",
        request=InputSerializer,
        responses={
            201: BalanceOutputSerializer,
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure.",
            ),
            409: OpenApiResponse(
                BalanceRefusalSerializer,
                description="Nothing was charged: nothing is due, with amount it is now "
                "another amount, or (instalment_charging) another charge of it is with the bank.",
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request, enrolment_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            paid = balance_pay(
                family=request.user,
                enrolment_id=enrolment_id,
                scope=data.validated_data["scope"],
                confirmed_amount=data.validated_data["amount"],
                setup_intent_id=data.validated_data.get("setupIntentId", ""),
                payment_intent_id=data.validated_data.get("paymentIntentId", ""),
            )
        except InvalidInput as problem:
            raise exceptions.ValidationError(
                {API_FIELDS.get(name, name): said for name, said in problem.problems.items()}
            ) from problem
        if paid.action_client_secret:
            return bank_confirmation_asked(paid.action_client_secret, paid.payment_intent_id)
        payment = balance_payment_of(family=request.user, enrolment_id=enrolment_id)
        return Response(
            BalanceOutputSerializer(_balance_body(payment, client_secret=None)).data,
            status=status.HTTP_201_CREATED,
        )
