from django.urls import path

from enrolments.apis import (
    CalendarFeedAddressApi,
    CalendarFeedApi,
    CalendarFeedResetApi,
    EnrolledClassListApi,
    SelectionDeleteApi,
    SelectionListCreateApi,
)

urlpatterns = [
    path("selectClass", SelectionListCreateApi.as_view(), name="selections"),
    path("selectClass/<int:selection_id>", SelectionDeleteApi.as_view(), name="selection-delete"),
    path("enrolledStudent/<str:email>", EnrolledClassListApi.as_view(), name="enrolled-classes"),
    path("calendarFeed", CalendarFeedAddressApi.as_view(), name="calendar-feed-address"),
    path("calendarFeed/reset", CalendarFeedResetApi.as_view(), name="calendar-feed-reset"),
    # Any token that is not a person's answers 404 (the view looks it up, unique index).
    path("calendar/<str:token>.ics", CalendarFeedApi.as_view(), name="calendar-feed"),
]
