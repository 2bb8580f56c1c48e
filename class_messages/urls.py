from django.urls import path

from class_messages.apis import ClassMessageListCreateApi

urlpatterns = [
    path(
        "classes/<id:class_id>/messages", ClassMessageListCreateApi.as_view(), name="class-messages"
    ),
]
