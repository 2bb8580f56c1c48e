"""Django admin for the school's admins: who may enter is the role, one identity with the site.

Admins sign in with Firebase, as on the site, and the browser app hands their ID token to
`firebase_login`, which opens a Django session. The password form is only for superusers made
with createsuperuser: the break-glass way in when Firebase is unreachable.
"""

import json

from django.contrib import admin, auth
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.http import HttpResponse, JsonResponse
from django.urls import path
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect, ensure_csrf_cookie
from django.views.decorators.http import require_http_methods

from accounts import firebase
from accounts.models import Role
from accounts.services import EmailNotVerified, user_sign_in

# The apps whose models admins run; Django's own (groups, sessions) stay with superusers.
CAMP_APPS = frozenset(
    {
        "accounts",
        "classes",
        "extras",
        "care",
        "enrolments",
        "class_messages",
        "attendance",
        "health",
        "artwork",
        "payments",
        "books",
        "front_desk",
        "pages",
    }
)
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def runs_the_school(user) -> bool:
    """An active admin by role, or the break-glass superuser."""
    return bool(
        user.is_authenticated
        and user.is_active
        and (user.is_superuser or getattr(user, "role", None) == Role.ADMIN)
    )


class RoleBackend(ModelBackend):
    """Admins by role hold every permission over Camp's models, with no permission rows to
    keep in step: demote them and the permissions go with the role."""

    def authenticate(self, request, **credentials):
        # Grants permissions only; signing in is Firebase's (or ModelBackend's password) job.
        return None

    def _is_admin(self, user_obj) -> bool:
        return bool(user_obj.is_active and getattr(user_obj, "role", None) == Role.ADMIN)

    def has_perm(self, user_obj, perm, obj=None):
        app_label = perm.partition(".")[0]
        return self._is_admin(user_obj) and app_label in CAMP_APPS

    def has_module_perms(self, user_obj, app_label):
        return self._is_admin(user_obj) and app_label in CAMP_APPS


class BreakGlassAuthenticationForm(AdminAuthenticationForm):
    """The password form: only superusers have passwords worth typing here."""

    error_messages = {
        **AdminAuthenticationForm.error_messages,
        "superuser_only": (
            "The password form is only for the break-glass superuser. "
            "Admins sign in with their Camp account."
        ),
    }

    def confirm_login_allowed(self, user):
        if not (user.is_active and user.is_superuser):
            raise ValidationError(self.error_messages["superuser_only"], code="superuser_only")


class CampAdminSite(admin.AdminSite):
    site_header = "Camp back office"
    site_title = "Camp back office"
    index_title = "Run the school"
    login_form = BreakGlassAuthenticationForm
    login_template = "admin/camp_login.html"

    def has_permission(self, request) -> bool:
        return runs_the_school(request.user)

    def get_urls(self):
        return [
            path("firebase-login", firebase_login, name="firebase_login"),
            *super().get_urls(),
        ]


def _refused(message: str, status: int) -> JsonResponse:
    return JsonResponse({"message": message}, status=status)


@never_cache
@ensure_csrf_cookie
@csrf_protect
@require_http_methods(["GET", "POST"])
def firebase_login(request):
    """POST {"idToken"}: an admin's Firebase ID token opens a Django admin session.

    GET only hands out the CSRF cookie the POST needs, for a browser that came straight to
    the site's login page.
    """
    if request.method == "GET":
        return HttpResponse(status=204)
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: JSON nested too deeply for Python's parser, as malformed as any.
        body = None
    id_token = body.get("idToken") if isinstance(body, dict) else None
    if not isinstance(id_token, str) or not id_token or len(id_token) > 8192:
        return _refused("Send the Firebase ID token as idToken.", 400)
    try:
        identity = firebase.verify_id_token(id_token)
    except firebase.IdentityUnavailable as error:
        return _refused(str(error), 503)
    except firebase.IdentityError as error:
        return _refused(str(error), 401)
    # The same binding as the site's sign-in: the person is their Firebase uid, never an
    # address that merely looks like theirs.
    try:
        user = user_sign_in(identity=identity, create=False)
    except EmailNotVerified as refusal:
        return _refused(refusal.message, 403)
    if user is None or not user.is_active or user.role != Role.ADMIN:
        return _refused("Only admins may use the back office.", 403)
    auth.login(request, user, backend=MODEL_BACKEND)
    return JsonResponse({"redirect": "/admin/"})
