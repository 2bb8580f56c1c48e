from django.urls import path

from classes.apis import ClassListApi, PopularClassListApi

urlpatterns = [
    path("classes", ClassListApi.as_view(), name="classes"),
    path("popularClasses", PopularClassListApi.as_view(), name="popular-classes"),
]
