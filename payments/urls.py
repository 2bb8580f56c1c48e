from django.urls import path

from payments.apis import CheckoutReceiptApi, PaymentListApi, PaymentReceiptApi
from payments.apis_credit import CreditApi

urlpatterns = [
    # Two segments under a number: never an e-mail, which the history's path takes whole.
    path(
        "payments/<id:payment_id>/receipt",
        PaymentReceiptApi.as_view(),
        name="payment-receipt",
    ),
    path("payments/<str:email>", PaymentListApi.as_view(), name="payment-list"),
    path(
        "checkouts/<id:checkout_id>/receipt",
        CheckoutReceiptApi.as_view(),
        name="checkout-receipt",
    ),
    path("credit", CreditApi.as_view(), name="credit"),
]
