from django.urls import path

from enrolments.apis import (
    CalendarFeedAddressApi,
    CalendarFeedApi,
    CalendarFeedResetApi,
    ClassRosterApi,
    ClassRosterCsvApi,
    ClassRosterXlsxApi,
    EligibilityApi,
    EnrolledClassListApi,
    SelectionDeleteApi,
    SelectionListCreateApi,
    UnitRosterApi,
)
from enrolments.apis_seasons import SeasonListApi
from enrolments.apis_waitlist import (
    ClassWaitlistApi,
    HoldExtendApi,
    WaitlistAcceptApi,
    WaitlistDeclineApi,
    WaitlistEntryApi,
    WaitlistListCreateApi,
)

urlpatterns = [
    path("selectClass", SelectionListCreateApi.as_view(), name="selections"),
    path("selectClass/<id:selection_id>", SelectionDeleteApi.as_view(), name="selection-delete"),
    path("enrolledStudent/<str:email>", EnrolledClassListApi.as_view(), name="enrolled-classes"),
    path("seasons", SeasonListApi.as_view(), name="seasons"),
    path("eligibility", EligibilityApi.as_view(), name="eligibility"),
    path("classes/<id:class_id>/roster", ClassRosterApi.as_view(), name="class-roster"),
    path(
        "classes/<id:class_id>/units/<id:unit_id>/roster",
        UnitRosterApi.as_view(),
        name="class-unit-roster",
    ),
    path("classes/<id:class_id>/roster.csv", ClassRosterCsvApi.as_view(), name="class-roster-csv"),
    path(
        "classes/<id:class_id>/roster.xlsx", ClassRosterXlsxApi.as_view(), name="class-roster-xlsx"
    ),
    path("classes/<id:class_id>/waitlist", ClassWaitlistApi.as_view(), name="class-waitlist"),
    path("holds/<id:selection_id>/extend", HoldExtendApi.as_view(), name="hold-extend"),
    path("waitlist", WaitlistListCreateApi.as_view(), name="waitlist"),
    path("waitlist/<id:entry_id>", WaitlistEntryApi.as_view(), name="waitlist-entry"),
    path("waitlist/<id:entry_id>/accept", WaitlistAcceptApi.as_view(), name="waitlist-accept"),
    path("waitlist/<id:entry_id>/decline", WaitlistDeclineApi.as_view(), name="waitlist-decline"),
    path("calendarFeed", CalendarFeedAddressApi.as_view(), name="calendar-feed-address"),
    path("calendarFeed/reset", CalendarFeedResetApi.as_view(), name="calendar-feed-reset"),
    # Any token that is not a person's answers 404 (the view looks it up, unique index).
    path("calendar/<str:token>.ics", CalendarFeedApi.as_view(), name="calendar-feed"),
]
