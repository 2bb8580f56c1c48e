from django.urls import path

from lottery.apis import DrawApi, WishesApi

urlpatterns = [
    path("seasons/<id:season_id>/wishes", WishesApi.as_view(), name="season-wishes"),
    path("seasons/<id:season_id>/draw", DrawApi.as_view(), name="season-draw"),
]
