from django.urls import path

from lottery.apis import DrawApi, FriendsApi, FriendsConfirmApi, FriendsDetailApi, WishesApi

urlpatterns = [
    path("seasons/<id:season_id>/wishes", WishesApi.as_view(), name="season-wishes"),
    path("seasons/<id:season_id>/friends", FriendsApi.as_view(), name="season-friends"),
    path(
        "seasons/<id:season_id>/friends/<id:friends_id>",
        FriendsDetailApi.as_view(),
        name="season-friends-detail",
    ),
    path(
        "seasons/<id:season_id>/friends/<id:friends_id>/confirm",
        FriendsConfirmApi.as_view(),
        name="season-friends-confirm",
    ),
    path("seasons/<id:season_id>/draw", DrawApi.as_view(), name="season-draw"),
]
