"""How the API knows who calls: a short-lived access token that Log Out can end at once."""

from django.db.models import Exists
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken

from accounts.models import RevokedToken, User

REVOKED = "This sign-in has ended. Please sign in again."


class AccessTokenAuthentication(JWTAuthentication):
    """simplejwt's bearer token, refused once revoked, with the user read in the same query.

    Tokens live minutes (ACCESS_TOKEN_LIFETIME), and the browser renews them by exchanging a
    fresh Firebase ID token, which Firebase checks for a disabled, deleted or revoked account.
    """

    def get_user(self, validated_token):
        try:
            user_id = validated_token["user_id"]
            jti = validated_token["jti"]
        except KeyError as error:
            raise InvalidToken("The token names no user.") from error
        user = (
            User.objects.filter(pk=user_id)
            .annotate(token_revoked=Exists(RevokedToken.objects.filter(jti=jti)))
            .first()
        )
        if user is None or not user.is_active:
            raise AuthenticationFailed("This account is not available.", code="user_inactive")
        if user.token_revoked:
            raise AuthenticationFailed(REVOKED, code="token_revoked")
        return user
