from django.urls import path

from extras.apis import EnrolmentAnswersApi

urlpatterns = [
    path(
        "enrolments/<id:enrolment_id>/answers",
        EnrolmentAnswersApi.as_view(),
        name="enrolment-answers",
    ),
]
