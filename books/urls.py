from django.urls import path

from books.apis import StatementDetailApi
from books.apis_exports import JOURNAL_APIS, PayoutsApi

urlpatterns = [
    path("statements/<int:year>.pdf", StatementDetailApi.as_view(), name="statement-pdf"),
    # Before the season report's tables (`reports/<table>.csv`), which would take journal.csv.
    *(
        path(f"reports/journal.{extension}", api.as_view(), name=f"reports-journal-{extension}")
        for extension, api in JOURNAL_APIS.items()
    ),
    path("reports/payouts", PayoutsApi.as_view(), name="reports-payouts"),
]
