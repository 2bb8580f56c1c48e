from django.urls import path

from changes.apis_cancellation import EnrolmentCancellationApi, RefundPolicyDetailApi
from changes.apis_transfers import EnrolmentTransferApi

urlpatterns = [
    path("refundPolicy", RefundPolicyDetailApi.as_view(), name="refund-policy"),
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
