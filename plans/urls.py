from django.urls import path

from plans.apis import BalanceApi, BalancePaymentApi

urlpatterns = [
    path("enrolments/<id:enrolment_id>/balance", BalanceApi.as_view(), name="enrolment-balance"),
    path(
        "enrolments/<id:enrolment_id>/balance/payment",
        BalancePaymentApi.as_view(),
        name="enrolment-balance-payment",
    ),
]
