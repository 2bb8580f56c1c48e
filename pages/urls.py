from django.urls import path

from pages.apis import ContactApi, SitePageApi

urlpatterns: list = [
    path("pages/<slug:slug>", SitePageApi.as_view(), name="site-page"),
    path("contact", ContactApi.as_view(), name="contact"),
]
