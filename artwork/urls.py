from django.urls import path

from artwork.apis_taking import ArtworkDetailApi, ArtworkPictureApi, ClassArtworkListApi

urlpatterns = [
    path("classes/<id:class_id>/artworks", ClassArtworkListApi.as_view(), name="class-artworks"),
    path("artworks/<id:artwork_id>", ArtworkDetailApi.as_view(), name="artwork"),
    path(
        "artworks/<id:artwork_id>/images/<str:name>",
        ArtworkPictureApi.as_view(),
        name="artwork-picture",
    ),
]
