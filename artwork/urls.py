from django.urls import path

from artwork.apis_family import (
    ParticipantArtworkListApi,
    ParticipantArtworkUntagApi,
    ParticipantPortfolioPdfApi,
)

urlpatterns = [
    path(
        "participants/<id:participant_id>/artworks",
        ParticipantArtworkListApi.as_view(),
        name="participant-artworks",
    ),
    path(
        "participants/<id:participant_id>/artworks/<id:artwork_id>",
        ParticipantArtworkUntagApi.as_view(),
        name="participant-artwork",
    ),
    path(
        "participants/<id:participant_id>/portfolio.pdf",
        ParticipantPortfolioPdfApi.as_view(),
        name="participant-portfolio-pdf",
    ),
]
