from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.static import serve

from camp.api import api_not_found
from camp.views import spa

api_patterns = [
    path("", include("accounts.urls")),
    path("", include("classes.urls")),
    path("", include("payments.urls")),
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
    # Everything else belongs to the browser app's router.
    # "/admin" and "/api" without the slash are not app routes either: APPEND_SLASH sends
    # them on to "/admin/" and "/api/".
    re_path(r"^(?!(?:api|admin|static|media)(?:/|$)).*$", spa, name="spa"),
]
