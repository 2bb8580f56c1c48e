from django.urls import path

from accounts.apis import (
    ProfileApi,
    ProfileMailApi,
    TokenExchangeApi,
    TokenRevokeApi,
    UserAdminCheckApi,
    UserInstructorCheckApi,
    UserListCreateApi,
    UserMakeAdminApi,
    UserMakeInstructorApi,
    UserRoleSetApi,
)
from accounts.apis_family import ParticipantDetailApi, ParticipantListCreateApi
from accounts.apis_public import InstructorListApi
from accounts.apis_sign_in_links import SignInLinkCreateApi, SignInLinkRedeemApi

urlpatterns: list = [
    path("instructors", InstructorListApi.as_view(), name="instructors"),
    path("jwt", TokenExchangeApi.as_view(), name="jwt"),
    path("sign-in-links", SignInLinkCreateApi.as_view(), name="sign-in-links"),
    path("sign-in-links/redeem", SignInLinkRedeemApi.as_view(), name="sign-in-link-redeem"),
    path("logout", TokenRevokeApi.as_view(), name="logout"),
    path("profile", ProfileApi.as_view(), name="profile"),
    path("profile/mail", ProfileMailApi.as_view(), name="profile-mail"),
    path("participants", ParticipantListCreateApi.as_view(), name="participants"),
    path("participants/<id:participant_id>", ParticipantDetailApi.as_view(), name="participant"),
    path("users", UserListCreateApi.as_view(), name="users"),
    path("users/<id:user_id>/role", UserRoleSetApi.as_view(), name="user-role"),
    # Ids first: an e-mail always has an @, so the two shapes never overlap.
    path("users/admin/<id:user_id>", UserMakeAdminApi.as_view(), name="user-make-admin"),
    path(
        "users/instructor/<id:user_id>",
        UserMakeInstructorApi.as_view(),
        name="user-make-instructor",
    ),
    path("users/admin/<str:email>", UserAdminCheckApi.as_view(), name="user-admin-check"),
    path(
        "users/instructor/<str:email>",
        UserInstructorCheckApi.as_view(),
        name="user-instructor-check",
    ),
]
