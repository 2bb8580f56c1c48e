from django.urls import path

from care.apis import (
    ParticipantCareAccessLogApi,
    ParticipantCareApi,
    ParticipantCareConfirmationApi,
    ParticipantCareHistoryApi,
    PolicyAcceptanceCreateApi,
    PolicyAcceptancesCreateApi,
    PolicyListApi,
)
from care.apis_documents import DocumentDetailApi, ParticipantDocumentListApi

urlpatterns = [
    path("participants/<id:participant_id>/care", ParticipantCareApi.as_view(), name="care"),
    path(
        "participants/<id:participant_id>/care/confirmation",
        ParticipantCareConfirmationApi.as_view(),
        name="care-confirmation",
    ),
    path(
        "participants/<id:participant_id>/care/history",
        ParticipantCareHistoryApi.as_view(),
        name="care-history",
    ),
    path(
        "participants/<id:participant_id>/care/access-log",
        ParticipantCareAccessLogApi.as_view(),
        name="care-access-log",
    ),
    path(
        "participants/<id:participant_id>/documents",
        ParticipantDocumentListApi.as_view(),
        name="care-documents",
    ),
    path("documents/<id:document_id>", DocumentDetailApi.as_view(), name="care-document"),
    path("policies", PolicyListApi.as_view(), name="policies"),
    path(
        "policies/acceptances",
        PolicyAcceptancesCreateApi.as_view(),
        name="policies-acceptances",
    ),
    path(
        "policies/<id:policy_id>/acceptances",
        PolicyAcceptanceCreateApi.as_view(),
        name="policy-acceptances",
    ),
]
