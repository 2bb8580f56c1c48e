from django.urls import path

from checkout.apis import (
    CartApi,
    CheckoutDetailApi,
    CheckoutLineDetailApi,
    CheckoutListApi,
    CheckoutPaymentApi,
    CheckoutQuoteApi,
    PaymentAttemptDetailApi,
    PaymentCreateApi,
    PaymentSetupCreateApi,
)

urlpatterns = [
    path("createPaymentIntent", PaymentSetupCreateApi.as_view(), name="payment-setup-create"),
    path("payments", PaymentCreateApi.as_view(), name="payments"),
    path(
        "payments/attempts/<id:attempt_id>",
        PaymentAttemptDetailApi.as_view(),
        name="payment-attempt-detail",
    ),
    path("cart", CartApi.as_view(), name="cart"),
    path("checkouts", CheckoutListApi.as_view(), name="checkout-list"),
    path("checkouts/quote", CheckoutQuoteApi.as_view(), name="checkout-quote"),
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
]
