from django.urls import path

from health.apis_incidents import (
    IncidentAddendumListApi,
    IncidentClosingApi,
    IncidentDetailApi,
    IncidentListApi,
    IncidentPdfApi,
    ParticipantIncidentListApi,
)

urlpatterns = [
    path("incidents", IncidentListApi.as_view(), name="incidents"),
    path("incidents/<id:incident_id>", IncidentDetailApi.as_view(), name="incident"),
    path("incidents/<id:incident_id>.pdf", IncidentPdfApi.as_view(), name="incident-pdf"),
    path(
        "incidents/<id:incident_id>/closing",
        IncidentClosingApi.as_view(),
        name="incident-closing",
    ),
    path(
        "incidents/<id:incident_id>/addenda",
        IncidentAddendumListApi.as_view(),
        name="incident-addenda",
    ),
    path(
        "participants/<id:participant_id>/incidents",
        ParticipantIncidentListApi.as_view(),
        name="participant-incidents",
    ),
]
