"""The front desk's checkouts: opened for a family (`POST /api/frontDesk/checkouts`), read
again, and paid at the desk by card, in cash or by cheque, or left for the family to pay online
by a link (`front_desk.services.checkouts`). The bodies are the family's checkout's
(`checkout.apis`)."""

from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsOfficeOrAdmin
from checkout.apis import (
    API_FIELDS,
    CheckoutListApi,
    CheckoutOutputSerializer,
    CheckoutPaidSerializer,
    CheckoutRefusalSerializer,
    checkout_body,
    items_asked,
    plans_asked,
)
from core.converters import LARGEST_ROW_ID
from core.errors import InvalidInput
from core.openapi import errors
from front_desk.services.checkouts import (
    LINK,
    METHODS,
    desk_checkout_link_send,
    desk_checkout_open,
    desk_checkout_pay,
    desk_checkout_view,
)
from payments.apis import PaymentActionSerializer, bank_confirmation_asked
from payments.serializers import PaymentOutputSerializer

# The services' names for what they could not use, as this API's fields.
DESK_FIELDS = {
    **API_FIELDS,
    "family_id": "familyId",
    "keep_card": "keepCard",
    "paid_with": "method",
}


def _renamed(problem: InvalidInput) -> exceptions.ValidationError:
    return exceptions.ValidationError(
        {DESK_FIELDS.get(name, name): said for name, said in problem.problems.items()}
    )


class DeskCheckoutListApi(APIView):
    """POST /api/frontDesk/checkouts: a checkout opened for a family at the desk, every line
    held and priced as the family's own checkout is."""

    permission_classes = [IsOfficeOrAdmin]
    throttle_scope = "payments"

    @extend_schema_serializer(component_name="DeskCheckoutInput")
    class InputSerializer(CheckoutListApi.InputSerializer):
        familyId = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)  # noqa: N815

    @extend_schema(
        summary="Open a checkout for a family at the front desk (office, admins)",
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
        asked = data.validated_data["items"]
        try:
            view = desk_checkout_open(
                staff=request.user,
                family_id=data.validated_data["familyId"],
                items=items_asked(asked),
                plan_ids=plans_asked(asked),
                promo_code=data.validated_data.get("promoCode", ""),
                apply_credit=data.validated_data["applyCredit"],
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        return Response(checkout_body(view), status=status.HTTP_201_CREATED)


class DeskCheckoutDetailApi(APIView):
    """GET /api/frontDesk/checkouts/{id}: a checkout the desk opened, priced now."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="A checkout opened at the front desk, priced now (office, admins)",
        responses={200: CheckoutOutputSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, checkout_id: int):
        return Response(checkout_body(desk_checkout_view(checkout_id=checkout_id)))


class DeskCheckoutPaymentApi(APIView):
    """POST /api/frontDesk/checkouts/{id}/payment: paid at the desk by card, in cash or by
    cheque (201, or 200 for a retry), or a link e-mailed to the family to pay online (202)."""

    permission_classes = [IsOfficeOrAdmin]
    throttle_scope = "payments"

    @extend_schema_serializer(component_name="DeskCheckoutPaymentInput")
    class InputSerializer(serializers.Serializer):
        method = serializers.ChoiceField(choices=METHODS)
        # A cheque's number (required for a cheque), or the receipt book's for cash.
        reference = serializers.CharField(
            max_length=120, required=False, allow_blank=True, default=""
        )
        # The total staff read to the family and took: the only amount taken. Not read for a
        # link, which takes nothing.
        total = serializers.DecimalField(
            max_digits=9, decimal_places=2, min_value=0, required=False
        )
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )
        # The family agreed the card typed at the desk stays saved (a plan's instalments need it).
        keepCard = serializers.BooleanField(required=False, default=False)  # noqa: N815

    @extend_schema(
        summary="Take payment for a front desk checkout, or e-mail the family a link to pay it "
        "online (office, admins)",
        request=InputSerializer,
        responses={
            201: CheckoutPaidSerializer,
            200: OpenApiResponse(CheckoutPaidSerializer, description="A retry, already paid."),
            202: OpenApiResponse(
                inline_serializer(
                    "DeskCheckoutLinkSent",
                    {
                        "checkout": CheckoutOutputSerializer(),
                        "linkSentTo": serializers.EmailField(),
                    },
                ),
                description="Nothing taken: the family was e-mailed a link to pay online.",
            ),
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure.",
            ),
            409: OpenApiResponse(
                CheckoutRefusalSerializer,
                description="Nothing was taken: a line may no longer be paid for (named), or "
                "with total the checkout costs other than confirmed.",
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request, checkout_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        asked = data.validated_data
        if asked["method"] == LINK:
            sent = desk_checkout_link_send(staff=request.user, checkout_id=checkout_id)
            return Response(
                {"checkout": checkout_body(sent.view), "linkSentTo": sent.sent_to},
                status=status.HTTP_202_ACCEPTED,
            )
        try:
            paid = desk_checkout_pay(
                staff=request.user,
                checkout_id=checkout_id,
                method=asked["method"],
                total=asked.get("total"),
                reference=asked["reference"],
                setup_intent_id=asked.get("setupIntentId", ""),
                payment_intent_id=asked.get("paymentIntentId", ""),
                keep_card=asked["keepCard"],
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        if paid.action_client_secret:
            return bank_confirmation_asked(paid.action_client_secret, paid.payment_intent_id)
        return Response(
            {
                "checkout": checkout_body(desk_checkout_view(checkout_id=checkout_id)),
                "payments": PaymentOutputSerializer(paid.payments, many=True).data,
            },
            status=status.HTTP_201_CREATED if paid.created else status.HTTP_200_OK,
        )
