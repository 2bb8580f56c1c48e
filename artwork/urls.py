from django.urls import path

from artwork.apis_family import (
    ParticipantArtworkListApi,
    ParticipantArtworkUntagApi,
    ParticipantPortfolioPdfApi,
)
from artwork.apis_gallery import ArtworkApprovalApi, ArtworkReviewListApi, GalleryListApi
from artwork.apis_taking import ArtworkDetailApi, ArtworkPictureApi, ClassArtworkListApi

urlpatterns = [
    path("classes/<id:class_id>/artworks", ClassArtworkListApi.as_view(), name="class-artworks"),
    path("artworks", ArtworkReviewListApi.as_view(), name="artworks"),
    path("artworks/<id:artwork_id>", ArtworkDetailApi.as_view(), name="artwork"),
    path(
        "artworks/<id:artwork_id>/approval",
        ArtworkApprovalApi.as_view(),
        name="artwork-approval",
    ),
    path(
        "artworks/<id:artwork_id>/images/<str:name>",
        ArtworkPictureApi.as_view(),
        name="artwork-picture",
    ),
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
    path("gallery", GalleryListApi.as_view(), name="gallery"),
]
