from django.urls import path

from classes.apis import (
    CategoryListApi,
    ClassApproveApi,
    ClassCalendarApi,
    ClassDenyApi,
    ClassImageUploadApi,
    ClassListCreateApi,
    ClassSendFeedbackApi,
    ClassUpdateApi,
    ClassWithdrawApi,
    InstructorClassDetailApi,
    InstructorClassListApi,
    InstructorDetailApi,
    PopularClassListApi,
)

urlpatterns = [
    path("classes", ClassListCreateApi.as_view(), name="classes"),
    path("classes/<id:class_id>", ClassUpdateApi.as_view(), name="class-update"),
    path("classes/<id:class_id>/calendar.ics", ClassCalendarApi.as_view(), name="class-calendar"),
    path("classes/<id:class_id>/withdraw", ClassWithdrawApi.as_view(), name="class-withdraw"),
    path("classes/approved/<id:class_id>", ClassApproveApi.as_view(), name="class-approve"),
    path("classes/denied/<id:class_id>", ClassDenyApi.as_view(), name="class-deny"),
    path(
        "classes/feedback/<id:class_id>",
        ClassSendFeedbackApi.as_view(),
        name="class-send-feedback",
    ),
    path("myClasses/<str:email>", InstructorClassListApi.as_view(), name="instructor-classes"),
    path("myClass/<id:class_id>", InstructorClassDetailApi.as_view(), name="instructor-class"),
    path("popularClasses", PopularClassListApi.as_view(), name="popular-classes"),
    path("images", ClassImageUploadApi.as_view(), name="class-images"),
    path("categories", CategoryListApi.as_view(), name="categories"),
    # An instructor's page shows their classes, so it is answered here: accounts sits below.
    path("instructors/<id:instructor_id>", InstructorDetailApi.as_view(), name="instructor"),
]
