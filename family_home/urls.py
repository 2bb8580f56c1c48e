from django.urls import path

from family_home.apis import ToDoListApi

urlpatterns = [
    path("todo", ToDoListApi.as_view(), name="todo"),
]
