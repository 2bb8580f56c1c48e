"""How the API knows who calls: a short-lived access token that Log Out can end at once."""

from functools import cache

from django.db import connection
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken

from accounts.models import RevokedToken, User

REVOKED = "This sign-in has ended. Please sign in again."


@cache
def _caller_sql() -> str:
    """The person and whether this token was revoked, in one indexed query.

    Written once rather than built by the ORM at each request: compiling the queryset cost more
    than the query itself, on every signed-in request. The person's every column is read, so
    whatever a view asks of `request.user` (role, name, e-mail) needs no further query.
    """
    quote = connection.ops.quote_name
    user_table = quote(User._meta.db_table)
    columns = ", ".join(
        f"{user_table}.{quote(field.column)}" for field in User._meta.concrete_fields
    )
    revoked = quote(RevokedToken._meta.db_table)
    # Names from the models, quoted; the token's id and the person's id are parameters.
    return (
        f"SELECT {columns}, EXISTS(SELECT 1 FROM {revoked} WHERE {revoked}.{quote('jti')} = %s)"  # noqa: S608
        f" AS token_revoked FROM {user_table} WHERE {user_table}.{quote('id')} = %s"
    )


class AccessTokenAuthentication(JWTAuthentication):
    """simplejwt's bearer token, refused once revoked, with the user read in the same query.

    Tokens live minutes (ACCESS_TOKEN_LIFETIME), and the browser renews them by exchanging a
    fresh Firebase ID token, which Firebase checks for a disabled, deleted or revoked account.
    The person, their role and whether they are active are read from the database at every
    request: a role taken away or an account disabled counts at the next one.
    """

    def get_user(self, validated_token):
        try:
            user_id = int(validated_token["user_id"])
            jti = str(validated_token["jti"])
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidToken("The token names no user.") from error
        user = next(iter(User.objects.raw(_caller_sql(), [jti, user_id])), None)
        if user is None or not user.is_active:
            raise AuthenticationFailed("This account is not available.", code="user_inactive")
        if user.token_revoked:
            raise AuthenticationFailed(REVOKED, code="token_revoked")
        return user
