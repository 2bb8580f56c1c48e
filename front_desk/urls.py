"""The front desk's routes: families (`apis_families`), checkouts and payments taken for them
(`apis_checkouts`), the log and the day's close (`apis`)."""

from django.urls import path

from front_desk.apis import DeskDayApi, DeskLogApi

urlpatterns = [
    path("frontDesk/log", DeskLogApi.as_view(), name="front-desk-log"),
    path("frontDesk/day", DeskDayApi.as_view(), name="front-desk-day"),
]
