from django.urls import path

from payments.apis import (
    PaymentAttemptDetailApi,
    PaymentCreateApi,
    PaymentListApi,
    PaymentSetupCreateApi,
    StripeWebhookApi,
)

urlpatterns = [
    path("createPaymentIntent", PaymentSetupCreateApi.as_view(), name="payment-setup-create"),
    path("payments", PaymentCreateApi.as_view(), name="payments"),
    path(
        "payments/attempts/<int:attempt_id>",
        PaymentAttemptDetailApi.as_view(),
        name="payment-attempt-detail",
    ),
    path("payments/<str:email>", PaymentListApi.as_view(), name="payment-list"),
    path("stripe/webhook", StripeWebhookApi.as_view(), name="stripe-webhook"),
]
