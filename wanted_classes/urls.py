from django.urls import path

from wanted_classes.apis import WantedClassesFullApi

urlpatterns = [
    # Asked from the opening's line, beside its own routes (waiting_room.urls).
    path("waitingRoom/fullClasses", WantedClassesFullApi.as_view(), name="wanted-classes-full"),
]
