from django.urls import path

from payments.apis import (
    PaymentAttemptDetailApi,
    PaymentCreateApi,
    PaymentListApi,
    PaymentReceiptApi,
    PaymentSetupCreateApi,
    StripeWebhookApi,
)
from payments.apis_balance import BalanceApi, BalancePaymentApi
from payments.apis_cancellation import EnrolmentCancellationApi, RefundPolicyDetailApi
from payments.apis_checkout import (
    CheckoutDetailApi,
    CheckoutLineDetailApi,
    CheckoutListApi,
    CheckoutPaymentApi,
)
from payments.apis_credit import CreditApi
from payments.apis_statements import StatementDetailApi
from payments.apis_transfers import EnrolmentTransferApi

urlpatterns = [
    path("createPaymentIntent", PaymentSetupCreateApi.as_view(), name="payment-setup-create"),
    path("payments", PaymentCreateApi.as_view(), name="payments"),
    path(
        "payments/attempts/<id:attempt_id>",
        PaymentAttemptDetailApi.as_view(),
        name="payment-attempt-detail",
    ),
    # Two segments under a number: never an e-mail, which the history's path takes whole.
    path(
        "payments/<id:payment_id>/receipt",
        PaymentReceiptApi.as_view(),
        name="payment-receipt",
    ),
    path("payments/<str:email>", PaymentListApi.as_view(), name="payment-list"),
    path("stripe/webhook", StripeWebhookApi.as_view(), name="stripe-webhook"),
    path("checkouts", CheckoutListApi.as_view(), name="checkout-list"),
    path("checkouts/<id:checkout_id>", CheckoutDetailApi.as_view(), name="checkout-detail"),
    path(
        "checkouts/<id:checkout_id>/lines/<id:line_id>",
        CheckoutLineDetailApi.as_view(),
        name="checkout-line-detail",
    ),
    path(
        "checkouts/<id:checkout_id>/payment",
        CheckoutPaymentApi.as_view(),
        name="checkout-payment",
    ),
    path("credit", CreditApi.as_view(), name="credit"),
    path("statements/<int:year>.pdf", StatementDetailApi.as_view(), name="statement-pdf"),
    path("refundPolicy", RefundPolicyDetailApi.as_view(), name="refund-policy"),
    path("enrolments/<id:enrolment_id>/balance", BalanceApi.as_view(), name="enrolment-balance"),
    path(
        "enrolments/<id:enrolment_id>/balance/payment",
        BalancePaymentApi.as_view(),
        name="enrolment-balance-payment",
    ),
    path(
        "enrolments/<id:enrolment_id>/cancellation",
        EnrolmentCancellationApi.as_view(),
        name="enrolment-cancellation",
    ),
    path(
        "enrolments/<id:enrolment_id>/transfer",
        EnrolmentTransferApi.as_view(),
        name="enrolment-transfer",
    ),
]
