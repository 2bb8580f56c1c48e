"""Selling seats over the API: the spec's payment for one selected class (a SetupIntent, then the
charge), and a family's checkout: several classes held together, priced together and paid with
one charge (`checkout.services.family_checkout`)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from checkout.items import AddOnAsked, CareAsked, Item, items_read
from checkout.pricing import AddOnChosen, Adjustment
from checkout.selectors import cart_for, checkout_quote
from checkout.services import (
    attempt_get_for,
    attempt_settle,
    payment_create,
    payment_setup_create,
)
from checkout.services.family_checkout import (
    CheckoutView,
    checkout_line_plan,
    checkout_line_remove,
    checkout_open,
    checkout_pay,
    checkout_view,
)
from core.api import error_body
from core.converters import LARGEST_ROW_ID
from core.errors import InvalidInput
from core.openapi import ErrorSerializer, errors
from extras.serializers import AnswersInputField
from payments.apis import PaymentActionSerializer, bank_confirmation_asked
from payments.models import Payment, PaymentStatus
from payments.selectors import payment_get
from payments.serializers import AdjustmentOutputSerializer, PaymentOutputSerializer
from payments.services import PriceChanged

# The services' names for what they could not use, as this API's fields.
API_FIELDS = {"setup_intent": "setupIntentId", "payment_intent": "paymentIntentId"}


class PaymentSetupCreateApi(APIView):
    """POST /api/createPaymentIntent: holds a seat while the family pays, and answers until
    when with a SetupIntent's client secret, for Stripe.js to save the card into, and the amount
    due. The name is the spec's; the amount is charged later, from our database."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="PaymentSetupInput")
    class InputSerializer(serializers.Serializer):
        # A spec client may send "price" too; it is never read here: the charge is confirmed
        # with the payment (POST /api/payments), at the amount due (checkout.pricing).
        payId = serializers.IntegerField(min_value=1)  # noqa: N815 - the spec's field name

    @extend_schema(
        summary="A Stripe SetupIntent to save the card for a selected class (students)",
        request=InputSerializer,
        responses={
            200: inline_serializer(
                "PaymentSetup",
                {
                    "clientSecret": serializers.CharField(),
                    # Until when the seat is held for the family while they pay.
                    "holdExpiresAt": serializers.DateTimeField(),
                    # What the card will be charged (checkout.pricing.price_for): the amount the
                    # family confirms by paying.
                    "amountDue": serializers.DecimalField(
                        max_digits=8, decimal_places=2, coerce_to_string=False
                    ),
                    # How it was reached: the class's list price and each adjustment, by name.
                    "listPrice": serializers.DecimalField(
                        max_digits=8, decimal_places=2, coerce_to_string=False
                    ),
                    "adjustments": AdjustmentOutputSerializer(many=True),
                },
            ),
            **errors(400, 401, 403, 404, 409, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        opened = payment_setup_create(
            student=request.user, selection_id=data.validated_data["payId"]
        )
        return Response(
            {
                "clientSecret": opened.client_secret,
                "holdExpiresAt": serializers.DateTimeField().to_representation(
                    opened.hold_expires_at
                ),
                "amountDue": float(opened.quote.amount_due),
                "listPrice": float(opened.quote.list_price),
                "adjustments": AdjustmentOutputSerializer(opened.quote.adjustments, many=True).data,
            }
        )


class PaymentAnswerSerializer(PaymentOutputSerializer):
    """A payment made: the spec's {"result": {"insertedId"}} beside the payment itself."""

    result = inline_serializer("PaymentInserted", {"insertedId": serializers.IntegerField()})


class RefundedPaymentSerializer(PaymentAnswerSerializer):
    message = serializers.CharField()


class PriceChangedSerializer(ErrorSerializer):
    """The class's price changed since the page showed it: nothing was charged."""

    currentPrice = serializers.CharField()  # noqa: N815


class PaymentConfirmingSerializer(serializers.Serializer):
    """Where a payment stands while Stripe's answer is awaited."""

    attemptId = serializers.IntegerField()  # noqa: N815
    status = serializers.ChoiceField(
        choices=["confirming", "enrolled", "refunded", "declined", "notCharged", "requiresAction"]
    )
    message = serializers.CharField()
    payment = PaymentOutputSerializer(allow_null=True)


ATTEMPT_WORDS = {
    "confirming": gettext_lazy(
        "Your payment is being confirmed with the bank. This page updates by itself."
    ),
    "enrolled": gettext_lazy("Payment confirmed: you are enrolled."),
    "notCharged": gettext_lazy(
        "The payment did not reach the bank; nothing was charged. Please try again."
    ),
    "requiresAction": gettext_lazy("Your bank asks you to confirm this payment."),
}


def _attempt_body(attempt) -> dict:
    payment = attempt.payment
    if payment is not None:
        state = {
            PaymentStatus.ENROLLED: "enrolled",
            PaymentStatus.REFUNDED: "refunded",
            # The charge enrolled; the family cancelled the seat later, which the payment's
            # own history tells.
            PaymentStatus.CANCELLED: "enrolled",
        }.get(payment.status, "confirming")
    else:
        state = {
            "charging": "confirming",
            "declined": "declined",
            "notCharged": "notCharged",
            "requiresAction": "requiresAction",
        }.get(attempt.status, "confirming")
    message = ATTEMPT_WORDS.get(state, "")
    if state == "refunded":
        message = payment.refund_reason
    elif state == "declined":
        message = attempt.message or _("Your card was declined.")
    return {
        "attemptId": attempt.pk,
        "status": state,
        "message": message,
        "payment": PaymentOutputSerializer(payment).data if payment is not None else None,
    }


class PaymentCreateApi(APIView):
    """POST /api/payments: charge the saved card (or enrol in a free class) and take the seat.

    201 enrolled; 200 for a retry of a payment already made; 409 with the reason when the
    payment was refunded; 402 when the card was declined, or with requiresAction when the
    bank wants the cardholder to confirm (3-D Secure) before the browser posts again with
    the paymentIntentId.
    """

    permission_classes = [IsStudent]
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="PaymentInput")
    class InputSerializer(serializers.Serializer):
        # The spec's payment fields may come along; only these are read.
        payId = serializers.IntegerField(min_value=1)  # noqa: N815
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )
        # The price the payment page showed and the student confirmed: the only amount charged.
        price = serializers.DecimalField(
            max_digits=8, decimal_places=2, min_value=0, required=False
        )

        def validate(self, attrs):
            if "setupIntentId" in attrs and "paymentIntentId" in attrs:
                raise serializers.ValidationError(
                    {"paymentIntentId": [_("Send either setupIntentId or paymentIntentId.")]}
                )
            return attrs

    @extend_schema(
        summary="Pay for a selected class with the saved card, and take the seat (students)",
        request=InputSerializer,
        responses={
            201: PaymentAnswerSerializer,
            200: OpenApiResponse(PaymentAnswerSerializer, description="A retry, already paid."),
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure.",
            ),
            202: OpenApiResponse(
                PaymentConfirmingSerializer,
                description="Stripe has not answered yet: poll the attempt until it ends.",
            ),
            409: OpenApiResponse(
                PolymorphicProxySerializer(
                    component_name="PaymentRefusal",
                    serializers=[
                        RefundedPaymentSerializer,
                        PriceChangedSerializer,
                        ErrorSerializer,
                    ],
                    resource_type_field_name=None,
                ),
                description=(
                    "Paid but refunded (no seat left, class closed...): message says why. "
                    "Or, with currentPrice, the price changed and nothing was charged. "
                    "Or nothing was charged and message says why."
                ),
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            outcome = payment_create(
                student=request.user,
                selection_id=data.validated_data["payId"],
                setup_intent_id=data.validated_data.get("setupIntentId", ""),
                payment_intent_id=data.validated_data.get("paymentIntentId", ""),
                confirmed_price=data.validated_data.get("price"),
            )
        except InvalidInput as problem:
            raise exceptions.ValidationError(
                {API_FIELDS.get(name, name): said for name, said in problem.problems.items()}
            ) from problem
        except PriceChanged as change:
            return Response(
                {**error_body(change.message), "currentPrice": f"{change.current_price:.2f}"},
                status=status.HTTP_409_CONFLICT,
            )
        if outcome.confirming is not None:
            return Response(_attempt_body(outcome.confirming), status=status.HTTP_202_ACCEPTED)
        if outcome.payment is None:
            return bank_confirmation_asked(outcome.action_client_secret, outcome.payment_intent_id)
        # A payment enrolled by this very request is known whole; any other is read afresh.
        payment = (
            outcome.payment if outcome.fulfilled else payment_get(payment_id=outcome.payment.pk)
        )
        return _payment_answer(payment, created=outcome.created)


class PaymentAttemptDetailApi(APIView):
    """GET /api/payments/attempts/{id}: where the caller's own payment stands; asks Stripe for
    an answer that has not come yet."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="Where the caller's own payment attempt stands (students)",
        responses={200: PaymentConfirmingSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, attempt_id: int):
        attempt = attempt_get_for(student=request.user, attempt_id=attempt_id)
        attempt = attempt_settle(attempt_id=attempt.pk)
        attempt = attempt_get_for(student=request.user, attempt_id=attempt.pk)
        return Response(_attempt_body(attempt))


def _payment_answer(payment: Payment, *, created: bool) -> Response:
    body = {"result": {"insertedId": payment.pk}, **PaymentOutputSerializer(payment).data}
    if payment.status == PaymentStatus.REFUNDED:
        return Response(
            {**error_body(payment.refund_reason), **body}, status=status.HTTP_409_CONFLICT
        )
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


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


class PricedLineOutputSerializer(serializers.Serializer):
    """A class for a participant, priced with the family's other lines: a checkout's or the
    cart's."""

    classId = serializers.IntegerField()  # noqa: N815 - the API's field names
    className = serializers.CharField()  # noqa: N815
    # A week or a day of a series: the series, and which; a day of extended care: its option.
    # Optional in the schema: the browser app's stubs from before them stay valid.
    unitOf = serializers.IntegerField(allow_null=True, required=False)  # noqa: N815
    unitLabel = serializers.CharField(allow_blank=True, required=False)  # noqa: N815
    extendedCareId = serializers.IntegerField(allow_null=True, required=False)  # noqa: N815
    participantId = serializers.IntegerField()  # noqa: N815
    participantName = serializers.CharField()  # noqa: N815
    listPrice = serializers.FloatField()  # noqa: N815
    adjustments = AdjustmentOutputSerializer(many=True)
    price = serializers.FloatField()


class CheckoutLineOutputSerializer(PricedLineOutputSerializer):
    id = serializers.IntegerField()
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


def _class_named(camp_class) -> dict:
    """A line's class as a family reads it: a series' week or day, or a day of care, named."""
    return {
        "classId": camp_class.pk,
        "className": camp_class.name,
        "unitOf": camp_class.unit_of_id,
        "unitLabel": camp_class.unit_label,
        "extendedCareId": camp_class.extended_care_id,
    }


def checkout_body(view: CheckoutView) -> dict:
    """A checkout as `CheckoutOutputSerializer` says it: the family's, and the front desk's."""
    checkout = view.checkout
    paid = checkout.status != "open"
    lines = []
    for index, line in enumerate(view.lines):
        schedule = view.schedules[index] if view.schedules else None
        if paid:
            # As confirmed when it was paid, whatever the rules say now.
            list_price, price = line.list_price, line.price
            adjustments = [
                Adjustment(
                    kind=a["kind"],
                    label=a["label"],
                    amount=a["amount"],
                    add_on=AddOnChosen.from_record(a) if "addOnId" in a else None,
                )
                for a in line.adjustments
            ]
        else:
            quoted = view.quote.lines[index]
            list_price, price = quoted.list_price, quoted.amount_due
            adjustments = quoted.adjustments
        lines.append(
            {
                "id": line.pk,
                **_class_named(line.camp_class),
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


# The most weeks or days one item books: a summer's days.
MAX_UNITS = 70


class ExtendedCareInputSerializer(serializers.Serializer):
    optionId = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)  # noqa: N815
    units = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID),
        allow_empty=False,
        max_length=MAX_UNITS,
    )


class AddOnInputSerializer(serializers.Serializer):
    """An add-on asked with an item (a required one is added whatever is asked)."""

    id = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)
    # Required when the add-on has options (a T-shirt's size).
    optionId = serializers.IntegerField(  # noqa: N815
        min_value=1, max_value=LARGEST_ROW_ID, required=False, allow_null=True
    )
    quantity = serializers.IntegerField(min_value=1, max_value=99, required=False, default=1)
    # For a per-day add-on of a class booked by the week or the day: which of the item's
    # units (all of them when absent).
    units = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID),
        required=False,
        max_length=MAX_UNITS,
    )


def plans_asked(items: list[dict]) -> dict[tuple[int, int], int]:
    """The plan named for each item that names one, by (class id, participant id)."""
    return {
        (item["classId"], item["participantId"]): item["planId"]
        for item in items
        if item.get("planId")
    }


def items_asked(items: list[dict]) -> list[Item]:
    """A checkout's items as `CheckoutListApi.InputSerializer` validated them, for `items_read`."""
    return [
        Item(
            class_id=item["classId"],
            participant_id=item["participantId"],
            unit_ids=tuple(item.get("units", ())),
            care=tuple(
                CareAsked(option_id=care["optionId"], unit_ids=tuple(care["units"]))
                for care in item.get("extendedCare", ())
            ),
            add_ons=tuple(
                AddOnAsked(
                    add_on_id=wanted["id"],
                    option_id=wanted.get("optionId"),
                    quantity=wanted["quantity"],
                    unit_ids=tuple(wanted["units"]) if "units" in wanted else None,
                )
                for wanted in item.get("addOns", ())
            ),
            answers=item.get("answers", {}),
        )
        for item in items
    ]


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
            # For a class booked by the week or the day: the weeks or days (`units`' ids), and
            # the extended care added to some of them.
            units = serializers.ListField(
                child=serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID),
                required=False,
                max_length=MAX_UNITS,
            )
            extendedCare = ExtendedCareInputSerializer(  # noqa: N815
                many=True, required=False, max_length=4
            )
            addOns = AddOnInputSerializer(many=True, required=False, max_length=20)  # noqa: N815
            # The school's questions answered for this child ({questionId: value}), checked at
            # POST /api/checkouts (not by the quote: the family is still typing).
            answers = AnswersInputField(required=False)

            def validate(self, attrs):
                if attrs.get("planId") and (attrs.get("units") or attrs.get("extendedCare")):
                    raise serializers.ValidationError(
                        {"planId": [_("Weeks and days are paid in full.")]}
                    )
                return attrs

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
        asked = items_asked(data.validated_data["items"])
        plan_ids = plans_asked(data.validated_data["items"])
        try:
            lines, add_ons = items_read(asked)
            view = checkout_open(
                family=request.user,
                items=lines,
                add_ons=add_ons,
                plan_ids=plan_ids,
                promo_code=data.validated_data.get("promoCode", ""),
                apply_credit=data.validated_data["applyCredit"],
                answers={(item.class_id, item.participant_id): item.answers for item in asked},
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        return Response(checkout_body(view), status=status.HTTP_201_CREATED)


class CheckoutQuoteOutputSerializer(serializers.Serializer):
    # What the lines cost together, before a promo code or account credit.
    total = serializers.FloatField()
    lines = PricedLineOutputSerializer(many=True)


class CheckoutQuoteApi(APIView):
    """POST /api/checkouts/quote: what a checkout of these items would cost, each line priced as
    the checkout prices it, with nothing held: a family's running total while it chooses."""

    permission_classes = [IsStudent]

    @extend_schema_serializer(component_name="CheckoutQuoteInput")
    class InputSerializer(serializers.Serializer):
        items = CheckoutListApi.InputSerializer.ItemSerializer(
            many=True, allow_empty=False, max_length=20
        )

    @extend_schema(
        summary="Price a checkout of these items without holding anything (students)",
        request=InputSerializer,
        responses={200: CheckoutQuoteOutputSerializer, **errors(400, 401, 403, 503)},
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            quote = checkout_quote(
                family=request.user, items=items_asked(data.validated_data["items"])
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        lines = [
            {
                **_class_named(line.camp_class),
                "participantId": line.participant.pk,
                "participantName": line.participant.name,
                "listPrice": _money(line.list_price),
                "adjustments": AdjustmentOutputSerializer(line.adjustments, many=True).data,
                "price": _money(line.amount_due),
            }
            for line in quote.lines
        ]
        return Response({"total": _money(quote.total), "lines": lines})


class CheckoutDetailApi(APIView):
    """GET /api/checkouts/{id}: the caller's own checkout, priced now."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The caller's own checkout, priced now (students)",
        responses={200: CheckoutOutputSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, checkout_id: int):
        return Response(checkout_body(checkout_view(family=request.user, checkout_id=checkout_id)))


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
        return Response(checkout_body(view))

    @extend_schema(
        summary="Take a line out of the caller's open checkout; the rest priced again (students)",
        responses={200: CheckoutOutputSerializer, **errors(401, 403, 404, 409, 503)},
    )
    def delete(self, request, checkout_id: int, line_id: int):
        view = checkout_line_remove(family=request.user, checkout_id=checkout_id, line_id=line_id)
        return Response(checkout_body(view))


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
                "checkout": checkout_body(view),
                "payments": PaymentOutputSerializer(paid.payments, many=True).data,
            },
            status=status.HTTP_201_CREATED if paid.created else status.HTTP_200_OK,
        )


class CartLineOutputSerializer(PricedLineOutputSerializer):
    """One selected class for one participant."""

    selectionId = serializers.IntegerField()  # noqa: N815 - the API's field names


class CartOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    # What a checkout of every line would charge, before a promo code or account credit.
    total = serializers.FloatField()
    lines = CartLineOutputSerializer(many=True)


class CartApi(APIView):
    """GET /api/cart: the family's selected classes, priced together as their checkout would
    be, for the bar that opens that checkout."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The caller's selected classes priced together, as one checkout (students)",
        responses={200: CartOutputSerializer, **errors(401, 403, 503)},
    )
    def get(self, request):
        cart = cart_for(family=request.user)
        lines = [
            {
                "selectionId": selection.pk,
                **_class_named(selection.camp_class),
                "participantId": selection.participant_id,
                "participantName": selection.participant.name,
                "listPrice": _money(quoted.list_price),
                "adjustments": AdjustmentOutputSerializer(quoted.adjustments, many=True).data,
                "price": _money(quoted.amount_due),
            }
            for selection, quoted in zip(cart.selections, cart.quote.lines, strict=True)
        ]
        return Response({"count": cart.count, "total": _money(cart.quote.total), "lines": lines})
