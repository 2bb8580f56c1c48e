from django.urls import path

from attendance.apis import AttendanceTodayApi, MeetingAttendanceApi, MeetingHandOverApi
from attendance.apis_admin import AttendanceCsvApi, AttendanceDayApi, StillHereListApi

urlpatterns = [
    path(
        "meetings/<id:meeting_id>/attendance",
        MeetingAttendanceApi.as_view(),
        name="meeting-attendance",
    ),
    path(
        "meetings/<id:meeting_id>/handOver",
        MeetingHandOverApi.as_view(),
        name="meeting-hand-over",
    ),
    path("attendance/today", AttendanceTodayApi.as_view(), name="attendance-today"),
    path("attendance", AttendanceDayApi.as_view(), name="attendance-day"),
    path("attendance.csv", AttendanceCsvApi.as_view(), name="attendance-csv"),
    path("attendance/still-here", StillHereListApi.as_view(), name="attendance-still-here"),
]
