from django.urls import path

from enrolments.apis import (
    CalendarFeedAddressApi,
    CalendarFeedApi,
    CalendarFeedResetApi,
    ClassRosterApi,
    ClassRosterCsvApi,
    EligibilityApi,
    EnrolledClassListApi,
    SelectionDeleteApi,
    SelectionListCreateApi,
)

urlpatterns = [
    path("selectClass", SelectionListCreateApi.as_view(), name="selections"),
    path("selectClass/<int:selection_id>", SelectionDeleteApi.as_view(), name="selection-delete"),
    path("enrolledStudent/<str:email>", EnrolledClassListApi.as_view(), name="enrolled-classes"),
    path("eligibility", EligibilityApi.as_view(), name="eligibility"),
    path("classes/<int:class_id>/roster", ClassRosterApi.as_view(), name="class-roster"),
    path("classes/<int:class_id>/roster.csv", ClassRosterCsvApi.as_view(), name="class-roster-csv"),
    path("calendarFeed", CalendarFeedAddressApi.as_view(), name="calendar-feed-address"),
    path("calendarFeed/reset", CalendarFeedResetApi.as_view(), name="calendar-feed-reset"),
    # Any token that is not a person's answers 404 (the view looks it up, unique index).
    path("calendar/<str:token>.ics", CalendarFeedApi.as_view(), name="calendar-feed"),
]
