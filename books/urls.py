from django.urls import path

from books.apis import StatementDetailApi

urlpatterns = [
    path("statements/<int:year>.pdf", StatementDetailApi.as_view(), name="statement-pdf"),
]
