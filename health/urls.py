from django.urls import path

from health.apis_medications import (
    MedicationAdministrationCreateApi,
    MeetingMedicationsApi,
    ParticipantMedicationsApi,
)

urlpatterns = [
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
