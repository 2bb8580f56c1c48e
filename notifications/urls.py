from django.urls import path

from notifications.apis import UnsubscribeApi

urlpatterns = [
    path("unsubscribe/<str:token>", UnsubscribeApi.as_view(), name="unsubscribe"),
]
