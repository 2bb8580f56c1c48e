from django.urls import path

from waiting_room.apis import WaitingRoomApi, WaitingRoomLiveApi, WaitingRoomPauseApi

# The opening morning's line, mounted ahead of every other API route (camp/urls.py): Django
# tries the routes in order, and thousands of families poll it at an opening.
urlpatterns = [
    path("waitingRoom", WaitingRoomApi.as_view(), name="waiting-room"),
    path("waitingRoom/live", WaitingRoomLiveApi.as_view(), name="waiting-room-live"),
    path("waitingRoom/pause", WaitingRoomPauseApi.as_view(), name="waiting-room-pause"),
]
