from django.urls import path

from settlement.apis import StripeWebhookApi

urlpatterns = [
    path("stripe/webhook", StripeWebhookApi.as_view(), name="stripe-webhook"),
]
