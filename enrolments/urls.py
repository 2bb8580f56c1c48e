from django.urls import path

from enrolments.apis import EnrolledClassListApi, SelectionDeleteApi, SelectionListCreateApi

urlpatterns = [
    path("selectClass", SelectionListCreateApi.as_view(), name="selections"),
    path("selectClass/<int:selection_id>", SelectionDeleteApi.as_view(), name="selection-delete"),
    path("enrolledStudent/<str:email>", EnrolledClassListApi.as_view(), name="enrolled-classes"),
]
