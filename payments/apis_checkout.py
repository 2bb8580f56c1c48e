"""A family's checkout: several classes held together, priced together and paid with one charge
(`payments.services.family_checkout`)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from core.converters import LARGEST_ROW_ID
from core.errors import InvalidInput
from core.openapi import ErrorSerializer, errors
from payments.apis import PaymentActionSerializer, bank_confirmation_asked
from payments.pricing import Adjustment
from payments.serializers import AdjustmentOutputSerializer, PaymentOutputSerializer
from payments.services.family_checkout import (
    CheckoutView,
    checkout_line_plan,
    checkout_line_remove,
    checkout_open,
    checkout_pay,
    checkout_view,
)

# The services' names for what they could not use, as this API's fields.
API_FIELDS = {
    "promo_code": "promoCode",
    "setup_intent": "setupIntentId",
    "payment_intent": "paymentIntentId",
}


def _money(amount) -> float | None:
    return None if amount is None else float(amount)


class PlanPartOutputSerializer(serializers.Serializer):
    dueOn = serializers.DateField()  # noqa: N815 - the API's field names
    amount = serializers.FloatField()


class PlanOutputSerializer(serializers.Serializer):
    """A payment plan open to a checkout today, with what it asks of this price."""

    id = serializers.IntegerField()
    label = serializers.CharField()
    deposit = serializers.FloatField()
    instalments = PlanPartOutputSerializer(many=True)


def plan_body(schedule) -> dict:
    return {
        "id": schedule.plan.pk,
        "label": schedule.plan.label,
        "deposit": float(schedule.deposit),
        "instalments": _parts_body(schedule),
    }


def _parts_body(schedule) -> list[dict]:
    if schedule is None:
        return []
    return [{"dueOn": part.due_on, "amount": float(part.amount)} for part in schedule.instalments]


class CheckoutLineOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    classId = serializers.IntegerField()  # noqa: N815
    className = serializers.CharField()  # noqa: N815
    participantId = serializers.IntegerField()  # noqa: N815
    participantName = serializers.CharField()  # noqa: N815
    listPrice = serializers.FloatField()  # noqa: N815
    adjustments = AdjustmentOutputSerializer(many=True)
    price = serializers.FloatField()
    # The line's own payment once paid: its receipt and history row.
    paymentId = serializers.IntegerField(allow_null=True)  # noqa: N815
    # How the line is paid: in full (null), or by the plan named, whose deposit is due now.
    planId = serializers.IntegerField(allow_null=True)  # noqa: N815
    plans = PlanOutputSerializer(many=True)
    dueNow = serializers.FloatField()  # noqa: N815
    schedule = PlanPartOutputSerializer(many=True)


class CheckoutOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["open", "charging", "paid"])
    lines = CheckoutLineOutputSerializer(many=True)
    promoCode = serializers.CharField(allow_null=True)  # noqa: N815
    promoCodeProblem = serializers.CharField(allow_blank=True)  # noqa: N815
    credit = serializers.FloatField()
    # What the card is charged now: the lines paid in full, and each plan's deposit.
    total = serializers.FloatField()
    # What the plans chosen charge later, in all.
    later = serializers.FloatField()
    holdExpiresAt = serializers.DateTimeField(allow_null=True)  # noqa: N815
    # The SetupIntent's secret Stripe.js saves the card into; null when nothing is left to pay
    # by card.
    clientSecret = serializers.CharField(allow_null=True)  # noqa: N815


def _checkout_body(view: CheckoutView) -> dict:
    checkout = view.checkout
    paid = checkout.status != "open"
    lines = []
    for index, line in enumerate(view.lines):
        schedule = view.schedules[index] if view.schedules else None
        if paid:
            # As confirmed when it was paid, whatever the rules say now.
            list_price, price = line.list_price, line.price
            adjustments = [
                Adjustment(kind=a["kind"], label=a["label"], amount=a["amount"])
                for a in line.adjustments
            ]
        else:
            quoted = view.quote.lines[index]
            list_price, price = quoted.list_price, quoted.amount_due
            adjustments = quoted.adjustments
        lines.append(
            {
                "id": line.pk,
                "classId": line.camp_class_id,
                "className": line.camp_class.name,
                "participantId": line.participant_id,
                "participantName": line.participant.name,
                "listPrice": _money(list_price),
                "adjustments": AdjustmentOutputSerializer(adjustments, many=True).data,
                "price": _money(price),
                "paymentId": line.payment_id,
                "planId": line.plan_id,
                "plans": [plan_body(open_) for open_ in view.plans_open[index]]
                if view.plans_open
                else [],
                "dueNow": _money(schedule.deposit if schedule else price),
                "schedule": _parts_body(schedule),
            }
        )
    return {
        "id": checkout.pk,
        "status": checkout.status,
        "lines": lines,
        "promoCode": checkout.promo_code.code if checkout.promo_code_id else None,
        "promoCodeProblem": view.promo_code_problem,
        "credit": _money(checkout.credit if paid else view.quote.credit),
        "total": _money(checkout.total if paid else view.due_now),
        "later": _money(view.later),
        "holdExpiresAt": serializers.DateTimeField().to_representation(view.hold_expires_at)
        if view.hold_expires_at
        else None,
        "clientSecret": view.client_secret,
    }


def _renamed(problem: InvalidInput) -> exceptions.ValidationError:
    return exceptions.ValidationError(
        {API_FIELDS.get(name, name): said for name, said in problem.problems.items()}
    )


class CheckoutRefusalSerializer(ErrorSerializer):
    """A line that cannot be held or paid for, named; or the total that changed."""

    line = serializers.IntegerField(required=False)
    classId = serializers.IntegerField(required=False)  # noqa: N815
    participantId = serializers.IntegerField(required=False)  # noqa: N815
    total = serializers.FloatField(required=False)


class CheckoutListApi(APIView):
    """POST /api/checkouts: hold every line at once and price them together."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="CheckoutInput")
    class InputSerializer(serializers.Serializer):
        class ItemSerializer(serializers.Serializer):
            classId = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)  # noqa: N815
            participantId = serializers.IntegerField(  # noqa: N815
                min_value=1, max_value=LARGEST_ROW_ID
            )
            # A payment plan open to this class (its `plans`); none to pay in full.
            planId = serializers.IntegerField(  # noqa: N815
                min_value=1, max_value=LARGEST_ROW_ID, required=False, allow_null=True
            )

        items = ItemSerializer(many=True, allow_empty=False, max_length=20)
        promoCode = serializers.CharField(  # noqa: N815
            max_length=40, required=False, allow_blank=True
        )
        applyCredit = serializers.BooleanField(required=False, default=False)  # noqa: N815

    @extend_schema(
        summary="Open a checkout: hold a seat for every line and price them (students)",
        request=InputSerializer,
        responses={
            201: CheckoutOutputSerializer,
            409: OpenApiResponse(
                CheckoutRefusalSerializer,
                description="A line cannot be held (named by line, classId, participantId); "
                "nothing is held.",
            ),
            **errors(400, 401, 403, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        items = [(item["classId"], item["participantId"]) for item in data.validated_data["items"]]
        plan_ids = {
            (item["classId"], item["participantId"]): item["planId"]
            for item in data.validated_data["items"]
            if item.get("planId")
        }
        try:
            view = checkout_open(
                family=request.user,
                items=items,
                plan_ids=plan_ids,
                promo_code=data.validated_data.get("promoCode", ""),
                apply_credit=data.validated_data["applyCredit"],
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        return Response(_checkout_body(view), status=status.HTTP_201_CREATED)


class CheckoutDetailApi(APIView):
    """GET /api/checkouts/{id}: the caller's own checkout, priced now."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The caller's own checkout, priced now (students)",
        responses={200: CheckoutOutputSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, checkout_id: int):
        return Response(_checkout_body(checkout_view(family=request.user, checkout_id=checkout_id)))


class CheckoutLineDetailApi(APIView):
    """DELETE /api/checkouts/{id}/lines/{lineId}: take a line out before paying. PATCH: choose
    how it is paid (in full, or by a plan open to it)."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="CheckoutLinePlanInput")
    class PlanInputSerializer(serializers.Serializer):
        planId = serializers.IntegerField(  # noqa: N815
            min_value=1, max_value=LARGEST_ROW_ID, allow_null=True
        )

    @extend_schema(
        summary="Choose how a line of the caller's open checkout is paid: in full or by a plan "
        "(students)",
        request=PlanInputSerializer,
        responses={200: CheckoutOutputSerializer, **errors(400, 401, 403, 404, 409, 503)},
    )
    def patch(self, request, checkout_id: int, line_id: int):
        data = self.PlanInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        view = checkout_line_plan(
            family=request.user,
            checkout_id=checkout_id,
            line_id=line_id,
            plan_id=data.validated_data["planId"],
        )
        return Response(_checkout_body(view))

    @extend_schema(
        summary="Take a line out of the caller's open checkout; the rest priced again (students)",
        responses={200: CheckoutOutputSerializer, **errors(401, 403, 404, 409, 503)},
    )
    def delete(self, request, checkout_id: int, line_id: int):
        view = checkout_line_remove(family=request.user, checkout_id=checkout_id, line_id=line_id)
        return Response(_checkout_body(view))


class CheckoutPaidSerializer(serializers.Serializer):
    checkout = CheckoutOutputSerializer()
    # One per line: enrolled, or refunded with the reason.
    payments = PaymentOutputSerializer(many=True)


class CheckoutPaymentApi(APIView):
    """POST /api/checkouts/{id}/payment: one charge for the total the family confirmed."""

    permission_classes = [IsStudent]
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="CheckoutPaymentInput")
    class InputSerializer(serializers.Serializer):
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )
        # The total the page showed and the family confirmed: the only amount charged.
        total = serializers.DecimalField(max_digits=9, decimal_places=2, min_value=0)

    @extend_schema(
        summary="Pay the caller's checkout with one charge; each line enrolled (students)",
        request=InputSerializer,
        responses={
            201: CheckoutPaidSerializer,
            200: OpenApiResponse(CheckoutPaidSerializer, description="A retry, already paid."),
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure.",
            ),
            409: OpenApiResponse(
                CheckoutRefusalSerializer,
                description="Nothing was charged: a line may no longer be paid for (named), or "
                "with total the checkout costs other than confirmed.",
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request, checkout_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            paid = checkout_pay(
                family=request.user,
                checkout_id=checkout_id,
                confirmed_total=data.validated_data["total"],
                setup_intent_id=data.validated_data.get("setupIntentId", ""),
                payment_intent_id=data.validated_data.get("paymentIntentId", ""),
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        if paid.action_client_secret:
            return bank_confirmation_asked(paid.action_client_secret, paid.payment_intent_id)
        view = checkout_view(family=request.user, checkout_id=checkout_id)
        return Response(
            {
                "checkout": _checkout_body(view),
                "payments": PaymentOutputSerializer(paid.payments, many=True).data,
            },
            status=status.HTTP_201_CREATED if paid.created else status.HTTP_200_OK,
        )
