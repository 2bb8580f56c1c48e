"""The front desk's routes: families (`apis_families`), checkouts and payments taken for them
(`apis_checkouts`), the log and the day's close (`apis`), and the care records families still
owe for upcoming classes, with the office's reminders (`apis_care`)."""

from django.urls import path

from front_desk.apis import DeskDayApi, DeskLogApi
from front_desk.apis_care import CareGapListApi, CareReminderCreateApi
from front_desk.apis_checkouts import (
    DeskCheckoutDetailApi,
    DeskCheckoutListApi,
    DeskCheckoutPaymentApi,
)
from front_desk.apis_families import (
    FamilyChildCreateApi,
    FamilyListCreateApi,
    ParticipantCareTakeApi,
)

urlpatterns = [
    path("care/missing", CareGapListApi.as_view(), name="care-missing"),
    path("care/reminders", CareReminderCreateApi.as_view(), name="care-reminders"),
    path("frontDesk/log", DeskLogApi.as_view(), name="front-desk-log"),
    path("frontDesk/day", DeskDayApi.as_view(), name="front-desk-day"),
    path("frontDesk/families", FamilyListCreateApi.as_view(), name="front-desk-families"),
    path(
        "frontDesk/families/<id:family_id>/participants",
        FamilyChildCreateApi.as_view(),
        name="front-desk-family-participants",
    ),
    path(
        "frontDesk/participants/<id:participant_id>/care",
        ParticipantCareTakeApi.as_view(),
        name="front-desk-participant-care",
    ),
    path("frontDesk/checkouts", DeskCheckoutListApi.as_view(), name="desk-checkout-list"),
    path(
        "frontDesk/checkouts/<id:checkout_id>",
        DeskCheckoutDetailApi.as_view(),
        name="desk-checkout-detail",
    ),
    path(
        "frontDesk/checkouts/<id:checkout_id>/payment",
        DeskCheckoutPaymentApi.as_view(),
        name="desk-checkout-payment",
    ),
]
