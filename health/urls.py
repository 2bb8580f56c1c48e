from django.urls import path

from health.apis_incidents import (
    IncidentAddendumListApi,
    IncidentClosingApi,
    IncidentDetailApi,
    IncidentListApi,
    IncidentPdfApi,
    ParticipantIncidentListApi,
)
from health.apis_medications import (
    MedicationAdministrationCreateApi,
    MeetingMedicationsApi,
    ParticipantMedicationsApi,
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
    path(
        "meetings/<id:meeting_id>/medications",
        MeetingMedicationsApi.as_view(),
        name="meeting-medications",
    ),
    path(
        "medications/administrations",
        MedicationAdministrationCreateApi.as_view(),
        name="medication-administrations",
    ),
    path(
        "participants/<id:participant_id>/medications",
        ParticipantMedicationsApi.as_view(),
        name="participant-medications",
    ),
]
