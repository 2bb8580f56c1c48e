from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.decorators.cache import cache_control
from django.views.generic import RedirectView
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from camp.apis_reports import ReportCsvApi, ReportXlsxApi, SeasonReportApi
from camp.exports import AccountExportApi
from camp.views import (
    all_classes_page,
    all_instructors_page,
    class_page,
    contact_page,
    home_page,
    instructor_page,
    robots_txt,
    sign_in_page,
    site_page,
    sitemap_index,
    sitemap_section,
    spa,
)
from core.api import api_not_found
from core.apis import HealthApi
from pages.models import PageSlug
from waiting_room.urls import urlpatterns as waiting_room_patterns

api_patterns = [
    # First: the line that thousands of families poll at an opening, then the writes they
    # make once admitted (select, hold, pay, join a waitlist): Django tries each pattern in
    # turn, and no two apps' patterns match the same path.
    path("", include(waiting_room_patterns)),
    path("", include("enrolments.urls")),
    path("", include("wanted_classes.urls")),
    path("", include("lottery.urls")),
    path("", include("extras.urls")),
    path("", include("class_messages.urls")),
    path("", include("attendance.urls")),
    path("", include("health.urls")),
    path("", include("artwork.urls")),
    path("", include("payments.urls")),
    path("", include("checkout.urls")),
    path("", include("front_desk.urls")),
    path("", include("plans.urls")),
    path("", include("changes.urls")),
    path("", include("books.urls")),
    path("", include("settlement.urls")),
    path("", include("family_home.urls")),
    path("", include("accounts.urls")),
    path("", include("classes.urls")),
    path("", include("care.urls")),
    path("", include("pages.urls")),
    path("", include("notifications.urls")),
    path("account/export", AccountExportApi.as_view(), name="account-export"),
    path("reports/season", SeasonReportApi.as_view(), name="reports-season"),
    path("reports/<slug:table>.csv", ReportCsvApi.as_view(), name="reports-table-csv"),
    path("reports/<slug:table>.xlsx", ReportXlsxApi.as_view(), name="reports-table-xlsx"),
    path("health", HealthApi.as_view(), name="health"),
    # Like the spec's paths, ours have no trailing slash; the slash is tolerated, not needed.
    re_path(r"^schema/?$", SpectacularAPIView.as_view(), name="schema"),
    re_path(r"^docs/?$", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    # Last: any other /api path is a JSON 404, not the browser app.
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    # The back office's attendance record moved with its app (attendance): its old addresses,
    # bookmarked by staff, lead to the new ones.
    re_path(
        r"^admin/enrolments/attendanceaction/(?P<rest>.*)$",
        RedirectView.as_view(url="/admin/attendance/attendanceaction/%(rest)s", query_string=True),
    ),
    path("admin/", admin.site.urls),
    # The mail provider's word of bounces and complaints (django-anymail's tracking webhooks,
    # guarded by ANYMAIL's WEBHOOK_SECRET); notifications.receivers acts on them.
    path("anymail/", include("anymail.urls")),
    path("api/", include(api_patterns)),
    # Every upload gets a new random name and is never rewritten, so a copy may be kept for ever
    # (as the bucket's objects are, when one stores them).
    re_path(
        r"^media/(?P<path>.*)$",
        cache_control(max_age=31_536_000, public=True, immutable=True)(serve),
        {"document_root": settings.MEDIA_ROOT},
    ),
    # For crawlers, ahead of the browser app's routes that would otherwise answer them.
    path("robots.txt", robots_txt, name="robots"),
    path("sitemap.xml", sitemap_index, name="sitemap"),
    path("sitemap-<slug:section>.xml", sitemap_section, name="sitemap-section"),
    # The browser app's pages that carry the data of their first screen (camp/first_screen.py).
    path("", home_page, name="home-page"),
    path("all-classes", all_classes_page, name="all-classes-page"),
    path("all-instructors", all_instructors_page, name="all-instructors-page"),
    # The browser app's pages of one class and one instructor, with their own head.
    path("classes/<id:class_id>", class_page, name="class-page"),
    path("instructors/<id:instructor_id>", instructor_page, name="instructor-page"),
    # The school's own pages, with their titles in the head.
    *(path(slug, site_page, {"slug": slug}, name=f"site-page-{slug}") for slug in PageSlug.values),
    path("contact", contact_page, name="contact-page"),
    path("login", sign_in_page, name="login-page"),
    path("register", sign_in_page, name="register-page"),
    # Everything else belongs to the browser app's router.
    # "/admin" and "/api" without the slash are not app routes either: APPEND_SLASH sends
    # them on to "/admin/" and "/api/".
    re_path(r"^(?!(?:api|admin|static|media)(?:/|$)).*$", spa, name="spa"),
]
