from django.urls import path

from artwork.apis_gallery import ArtworkApprovalApi, ArtworkReviewListApi, GalleryListApi

urlpatterns = [
    path("gallery", GalleryListApi.as_view(), name="gallery"),
    path("artworks", ArtworkReviewListApi.as_view(), name="artworks"),
    path(
        "artworks/<id:artwork_id>/approval",
        ArtworkApprovalApi.as_view(),
        name="artwork-approval",
    ),
]
