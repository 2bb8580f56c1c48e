"""Sign-in token exchange, profiles and roles."""

from datetime import UTC, datetime

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_serializer,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework_simplejwt.tokens import AccessToken

from accounts import firebase
from accounts.access import access_own_email, access_person_by_email
from accounts.models import Role, User
from accounts.permissions import IsAdmin
from accounts.selectors import user_by_email, user_list
from accounts.services import (
    BIO_MAX_LENGTH,
    NAME_MAX_LENGTH,
    PHOTO_MAX_LENGTH,
    EmailNotVerified,
    token_revoke,
    user_profile_update,
    user_register_profile,
    user_set_role,
    user_sign_in,
)
from core.api import ServiceInputSerializer, error_body
from core.language import language_activate, language_cookie_set
from core.openapi import count_of, errors
from core.pagination import PAGE_PARAMETERS, list_response
from notifications.mailboxes import mailbox_for, mailbox_set


class UserOutputSerializer(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id")

    class Meta:
        model = User
        fields = ["_id", "name", "photo", "email", "role"]


class SignedInUserOutputSerializer(UserOutputSerializer):
    # The language the person reads the site in: the browser app loads itself in it at sign-in.
    language = serializers.CharField(source="reading_language", required=False)

    class Meta(UserOutputSerializer.Meta):
        fields = [*UserOutputSerializer.Meta.fields, "language"]


IDENTITY_RETRY_AFTER_SECONDS = 5


class TokenExchangeApi(APIView):
    """POST /api/jwt: a verified Firebase ID token becomes an access token for our API."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_scope = "sign_in"

    @extend_schema_serializer(component_name="TokenExchangeInput")
    class InputSerializer(serializers.Serializer):
        email = serializers.EmailField(max_length=254)
        idToken = serializers.CharField(max_length=8192)  # noqa: N815 - the spec's field name

    @extend_schema(
        summary="Exchange a Firebase ID token for an access token",
        request=InputSerializer,
        responses={
            200: inline_serializer(
                "AccessToken",
                {"token": serializers.CharField(), "user": SignedInUserOutputSerializer()},
            ),
            **errors(401, 403, 429, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        if not data.is_valid():
            return Response(
                error_body(_("Signing in needs an e-mail and a valid ID token."), data.errors),
                status=status.HTTP_401_UNAUTHORIZED,
            )
        try:
            identity = firebase.verify_id_token(data.validated_data["idToken"])
        except firebase.IdentityUnavailable as error:
            # Firebase is out of reach: nothing is wrong with the person's sign-in, so the
            # browser keeps it and asks again.
            return Response(
                error_body(str(error)),
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
                headers={"Retry-After": str(IDENTITY_RETRY_AFTER_SECONDS)},
            )
        except firebase.IdentityError as error:
            return Response(error_body(str(error)), status=status.HTTP_401_UNAUTHORIZED)
        if identity.email != data.validated_data["email"].strip().lower():
            return Response(
                error_body(
                    _("The e-mail does not match the signed-in account."),
                    {"email": ["This is not the e-mail of the signed-in account."]},
                ),
                status=status.HTTP_401_UNAUTHORIZED,
            )
        try:
            user = user_sign_in(identity=identity, language=translation.get_language())
        except EmailNotVerified as refusal:
            body = error_body(refusal.message)
            body["code"] = "email_not_verified"
            return Response(body, status=status.HTTP_403_FORBIDDEN)
        if not user.is_active:
            return Response(
                error_body(_("This account is disabled.")), status=status.HTTP_401_UNAUTHORIZED
            )
        # The person and their role come with the token: one round trip opens a session.
        return Response(
            {
                "token": str(AccessToken.for_user(user)),
                "user": SignedInUserOutputSerializer(user).data,
            }
        )


class TokenRevokeApi(APIView):
    """POST /api/logout: the access token that calls it stops working at once."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="End the caller's access token (Log Out)",
        request=None,
        responses={
            200: inline_serializer("LoggedOut", {"message": serializers.CharField()}),
            **errors(401),
        },
    )
    def post(self, request):
        token = request.auth
        token_revoke(
            jti=token["jti"],
            expires_at=datetime.fromtimestamp(token["exp"], tz=UTC),
        )
        return Response({"message": "Signed out."})


SEARCH_MAX_LENGTH = User._meta.get_field("email").max_length


class UserListCreateApi(APIView):
    """GET /api/users (admins): every user. POST /api/users: save the caller's own profile."""

    @extend_schema_serializer(component_name="ProfileInput")
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=150, allow_blank=True, required=False, default="")
        photo = serializers.URLField(max_length=1000, allow_blank=True, required=False, default="")
        email = serializers.EmailField(max_length=254)

    @extend_schema_serializer(component_name="UserListQuery")
    class QuerySerializer(serializers.Serializer):
        # As long as the longest e-mail address: anything longer matches nobody.
        search = serializers.CharField(
            max_length=SEARCH_MAX_LENGTH,
            required=False,
            allow_blank=True,
            trim_whitespace=True,
            help_text="Part of a name or e-mail address, in any case.",
        )

    def get_permissions(self):
        if self.request.method == "GET":
            return [IsAdmin()]
        return [IsAuthenticated()]

    @extend_schema(
        summary="Every user, or those whose name or e-mail matches (admins)",
        parameters=[QuerySerializer, *PAGE_PARAMETERS],
        responses={200: UserOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        users = user_list(search=query.validated_data.get("search", ""))
        return list_response(request, users, UserOutputSerializer)

    @extend_schema(
        summary="Save the caller's own profile",
        request=InputSerializer,
        responses={
            201: count_of("ProfileCreated", "insertedId"),
            200: inline_serializer("ProfileKnown", {"message": serializers.CharField()}),
            **errors(400, 401, 403),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        access_own_email(
            caller=request.user,
            email=data.validated_data["email"],
            refusal=_("You can only save your own profile."),
        )
        created = user_register_profile(
            user=request.user,
            name=data.validated_data["name"],
            photo=data.validated_data["photo"],
        )
        if created:
            return Response({"insertedId": request.user.pk}, status=status.HTTP_201_CREATED)
        return Response({"message": "User already exists."})


class ProfileOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    email = serializers.EmailField()
    photo = serializers.CharField()
    bio = serializers.CharField()
    # The language the site, its answers and its e-mails speak to this person in (en, es).
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES, source="reading_language", required=False
    )


class ProfileApi(APIView):
    """GET /api/profile: the caller's own profile. PATCH: change one's name, photo and language
    (anyone signed in) and, for instructors, the bio of their page. A language chosen is also
    set in the `camp_language` cookie, so the pages follow it."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="ProfileUpdateInput")
    class InputSerializer(ServiceInputSerializer):
        name = serializers.CharField(max_length=NAME_MAX_LENGTH, allow_blank=True, required=False)
        # An address POST /api/images answered, or an https:// one; empty removes the photo.
        photo = serializers.CharField(max_length=PHOTO_MAX_LENGTH, allow_blank=True, required=False)
        # Trimmed before its length is checked, as the service keeps it.
        bio = serializers.CharField(max_length=BIO_MAX_LENGTH, allow_blank=True, required=False)
        language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)

        def validate(self, attrs):
            if not attrs:
                raise serializers.ValidationError(
                    _("Send the name, photo, bio or language to change.")
                )
            return attrs

    @extend_schema(
        summary="The caller's own profile",
        responses={200: ProfileOutputSerializer, **errors(401)},
    )
    def get(self, request):
        return Response(ProfileOutputSerializer(request.user).data)

    @extend_schema(
        summary="Change one's name, photo and language, or one's bio (instructors)",
        request=InputSerializer,
        responses={200: ProfileOutputSerializer, **errors(400, 401, 403)},
    )
    def patch(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = data.call_service(user_profile_update, user=request.user, **data.validated_data)
        chosen = data.validated_data.get("language")
        if chosen:
            # The answer already speaks the language just chosen.
            language_activate(user.language)
        response = Response(ProfileOutputSerializer(user).data)
        if chosen:
            language_cookie_set(response, user.language)
        return response


class ProfileMailOutputSerializer(serializers.Serializer):
    # Announcements (class news, the school's news); mail about one's own enrolments is always
    # sent.
    announcements = serializers.BooleanField()
    # Mail to the account's address was refused for good: nothing is sent until it is fixed.
    undeliverable = serializers.BooleanField()
    undeliverableReason = serializers.CharField()  # noqa: N815


def _profile_mail(mailbox) -> dict:
    return {
        "announcements": mailbox.announcements,
        "undeliverable": mailbox.undeliverable_since is not None,
        "undeliverableReason": mailbox.undeliverable_reason,
    }


class ProfileMailApi(APIView):
    """GET /api/profile/mail: the caller's mail settings and whether their address takes mail.
    PATCH: announcements on or off; `undeliverable: false` once the address is fixed, so the
    school writes to it again."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="ProfileMailInput")
    class InputSerializer(serializers.Serializer):
        announcements = serializers.BooleanField(required=False)
        undeliverable = serializers.BooleanField(required=False)

        def validate(self, attrs):
            if not attrs:
                raise serializers.ValidationError(_("Send announcements or undeliverable."))
            if attrs.get("undeliverable") is True:
                raise serializers.ValidationError(
                    {"undeliverable": [_("Only the school marks an address as refusing mail.")]}
                )
            return attrs

    @extend_schema(
        summary="The caller's mail settings",
        responses={200: ProfileMailOutputSerializer, **errors(401)},
    )
    def get(self, request):
        return Response(_profile_mail(mailbox_for(request.user.email)))

    @extend_schema(
        summary="Turn announcements on or off; say the address is fixed",
        request=InputSerializer,
        responses={200: ProfileMailOutputSerializer, **errors(400, 401)},
    )
    def patch(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fixed = data.validated_data.get("undeliverable") is False
        mailbox = mailbox_set(
            address=request.user.email,
            announcements=data.validated_data.get("announcements"),
            deliverable=fixed,
        )
        return Response(_profile_mail(mailbox))


class _RoleCheckApi(APIView):
    """Whether a user has a role; callers ask about themselves, admins about anyone."""

    permission_classes = [IsAuthenticated]
    role: str = ""

    def get(self, request, email: str):
        asked = access_person_by_email(
            caller=request.user,
            email=email,
            refusal=_("You can only ask about your own account."),
        )
        user = user_by_email(email=asked)
        return Response({self.role: bool(user and user.role == self.role)})


def _role_check_schema(role: str):
    return extend_schema_view(
        get=extend_schema(
            summary=f"Whether a user is {role} (themselves, or anyone for admins)",
            responses={
                200: inline_serializer(
                    f"{role.capitalize()}Check", {role: serializers.BooleanField()}
                ),
                **errors(401, 403),
            },
        )
    )


def _make_role_schema(role: str):
    return extend_schema_view(
        patch=extend_schema(
            summary=f"Make a user {role} (admins)",
            request=None,
            responses={
                200: count_of("RoleModified", "modifiedCount"),
                **errors(401, 403, 404, 409),
            },
        )
    )


@_role_check_schema(Role.ADMIN.value)
class UserAdminCheckApi(_RoleCheckApi):
    role = Role.ADMIN


@_role_check_schema(Role.INSTRUCTOR.value)
class UserInstructorCheckApi(_RoleCheckApi):
    role = Role.INSTRUCTOR


class _MakeRoleApi(APIView):
    """An admin gives a user a role."""

    permission_classes = [IsAdmin]
    role: str = ""

    def patch(self, request, user_id: int):
        modified = user_set_role(user_id=user_id, role=self.role, by=request.user)
        return Response({"modifiedCount": modified})


class UserRoleSetApi(APIView):
    """PUT /api/users/{id}/role: an admin gives a user any role, student too, which is how
    Manage Users undoes a change (back to the role the person had)."""

    permission_classes = [IsAdmin]

    @extend_schema_serializer(component_name="RoleInput")
    class InputSerializer(serializers.Serializer):
        role = serializers.ChoiceField(choices=Role.values)

    @extend_schema(
        summary="Give a user a role: admin, instructor or student (admins)",
        request=InputSerializer,
        responses={
            200: count_of("RoleSet", "modifiedCount"),
            **errors(400, 401, 403, 404, 409),
        },
    )
    def put(self, request, user_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        modified = user_set_role(user_id=user_id, role=data.validated_data["role"], by=request.user)
        return Response({"modifiedCount": modified})


@_make_role_schema(Role.ADMIN.value)
class UserMakeAdminApi(_MakeRoleApi):
    role = Role.ADMIN


@_make_role_schema(Role.INSTRUCTOR.value)
class UserMakeInstructorApi(_MakeRoleApi):
    role = Role.INSTRUCTOR
