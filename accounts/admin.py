from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import PermissionDenied
from django.utils.html import format_html, format_html_join

from accounts.models import Participant, Role, User
from accounts.services import user_set_role
from core.admin import ViewOnlyAdmin
from core.errors import Conflict


class EmailNormalisingMixin:
    def clean_email(self):
        # Stored lower-case, as the manager does, so one person has one account.
        return User.objects.normalize_email(self.cleaned_data["email"]).lower()


class UserCreationAdminForm(EmailNormalisingMixin, AdminUserCreationForm):
    """Add a person by e-mail; a password is optional since sign-in goes through Firebase."""

    class Meta:
        model = User
        fields = ("email", "name", "role")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["usable_password"].initial = "false"


class PasswordlessUserCreationForm(EmailNormalisingMixin, forms.ModelForm):
    """How an admin by role adds a person: they sign in with Firebase, never a password."""

    class Meta:
        model = User
        fields = ("email", "name", "role")

    def save(self, commit=True):
        user = super().save(commit=False)
        user.set_unusable_password()
        if commit:
            user.save()
        return user


class UserChangeAdminForm(EmailNormalisingMixin, UserChangeForm):
    class Meta:
        model = User
        fields = "__all__"


@admin.register(Participant)
class ParticipantAdmin(ViewOnlyAdmin):
    """Found by name for an age override (Enrolments); read only, like the inline."""

    list_display = ("__str__", "account", "date_of_birth", "is_account_holder")
    search_fields = ("first_name", "last_name", "account__email", "account__name")
    list_select_related = ("account",)


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = UserChangeAdminForm
    add_form = UserCreationAdminForm
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Profile", {"fields": ("name", "photo", "role")}),
        # Read here; the family edits it themselves (/dashboard/family).
        ("Family", {"fields": ("family",)}),
        (
            "Permissions",
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        ("Important dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("email", "name", "role", "usable_password", "password1", "password2"),
            },
        ),
    )
    # The staff flag follows the role (accounts.services.user_set_role): change the role instead.
    readonly_fields = ("is_staff", "last_login", "date_joined", "firebase_uid", "family")
    # What would let an admin by role outgrow the role: only the break-glass superuser sets
    # these. Admins run the school through roles; superuser, groups, permissions and passwords
    # would be a way past them (to make oneself superuser, or sign in as someone else).
    SUPERUSER_ONLY_FIELDS = ("is_superuser", "groups", "user_permissions", "password")
    list_display = ("email", "name", "role", "is_active", "is_staff", "date_joined")
    list_filter = ("role", "is_active", "is_staff", "is_superuser", "groups")
    search_fields = ("email", "name")
    ordering = ("email",)

    @admin.display(description="Participants")
    def family(self, obj) -> str:
        """Who takes classes on this account, with their birth dates and notes."""
        rows = [
            (
                participant.name or "(no name)",
                " (account holder)" if participant.is_account_holder else "",
                f" born {participant.date_of_birth:%Y-%m-%d}" if participant.date_of_birth else "",
                f" — {participant.notes}" if participant.notes else "",
            )
            for participant in obj.participants.order_by("-is_account_holder", "id")
        ]
        if not rows:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}{}{}{}</li>", rows))

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if request.user.is_superuser:
            return fields
        return (*fields, *self.SUPERUSER_ONLY_FIELDS)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None or request.user.is_superuser:
            return fieldsets
        # Adding a person: no password for them unless a superuser sets one.
        return ((None, {"classes": ("wide",), "fields": ("email", "name", "role")}),)

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None and not request.user.is_superuser:
            kwargs["form"] = PasswordlessUserCreationForm
        return super().get_form(request, obj, change=change, **kwargs)

    def user_change_password(self, request, id, form_url=""):
        if not request.user.is_superuser:
            raise PermissionDenied
        return super().user_change_password(request, id, form_url)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.is_staff = obj.role == Role.ADMIN or obj.is_superuser
            super().save_model(request, obj, form, change)
            return
        # A new role goes through the one service that keeps is_staff and the last admin right.
        new_role = obj.role
        obj.role = form.initial.get("role", new_role)
        super().save_model(request, obj, form, change)
        try:
            user_set_role(user_id=obj.pk, role=new_role, by=request.user)
        except Conflict as error:
            self.message_user(request, str(error), messages.ERROR)
        obj.refresh_from_db()
