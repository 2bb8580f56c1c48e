"""How the API knows who calls: a short-lived access token that Log Out can end at once."""

import threading
import time
from collections import OrderedDict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.tokens import Token

from accounts.models import User
from core.converters import may_name_a_row
from core.language import language_activate
from core.prepared import Columns, Reader, statement

REVOKED = gettext_lazy("This sign-in has ended. Please sign in again.")

CALLER = Columns(User, "u")
# Tokens kept verified in each process (`VerifiedTokens`): a family's morning is a few requests.
VERIFIED_KEPT = 4096


@statement
def _caller_sql() -> str:
    """The person and whether this token was revoked, in one indexed query.

    Written once rather than built by the ORM at each request: compiling the queryset cost more
    than the query itself, on every signed-in request. The person's every column is read, so
    whatever a view asks of `request.user` (role, name, e-mail) needs no further query.
    """
    return f"""
        SELECT {CALLER.sql},
            EXISTS (SELECT 1 FROM "accounts_revokedtoken" r WHERE r."jti" = %(jti)s) AS revoked
        FROM "accounts_user" u WHERE u."id" = %(user)s
    """  # noqa: S608 - the model's columns; the token's id and the person's id are parameters


def caller_read(*, user_id: int, jti: str) -> tuple[User | None, bool]:
    """The person the token names, with whether the token was revoked, in one query; None for
    no such person."""
    if may_name_a_row(user_id):
        for row in Reader().rows(_caller_sql(), {"jti": jti, "user": user_id}):
            return row.model(CALLER), bool(row.value("revoked"))
    return None, False


class VerifiedTokens:
    """The tokens this process has verified, by their exact bytes (and the key they were verified
    with), until they expire.

    A token's signature and claims verify the same way every time: only the clock can change the
    answer, and a token kept is handed out only while it has not expired. A family sends the same
    token with each request of its morning, and decoding it (JSON, base64, the signature, each
    claim) cost a tenth of a registration write. Whether it was revoked, and whether the person may
    still sign in, are read from the database at every request all the same.
    """

    def __init__(self, size: int):
        self._size = size
        self._tokens: OrderedDict[tuple, Token] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Token | None:
        with self._lock:
            token = self._tokens.get(key)
            if token is not None:
                self._tokens.move_to_end(key)
        if token is None or token["exp"] <= time.time():
            # Past its expiry it is verified again, and refused as simplejwt refuses it.
            return None
        return token

    def put(self, key: tuple, token: Token) -> None:
        with self._lock:
            self._tokens[key] = token
            while len(self._tokens) > self._size:
                self._tokens.popitem(last=False)


_verified = VerifiedTokens(VERIFIED_KEPT)


class AccessTokenAuthentication(JWTAuthentication):
    """simplejwt's bearer token, refused once revoked, with the user read in the same query.

    Tokens live minutes (ACCESS_TOKEN_LIFETIME), and the browser renews them by exchanging a
    fresh Firebase ID token, which Firebase checks for a disabled, deleted or revoked account.
    The person, their role and whether they are active are read from the database at every
    request: a role taken away or an account disabled counts at the next one.
    """

    def get_validated_token(self, raw_token):
        key = (api_settings.VERIFYING_KEY or api_settings.SIGNING_KEY, raw_token)
        token = _verified.get(key)
        if token is None:
            token = super().get_validated_token(raw_token)
            _verified.put(key, token)
        return token

    def get_user(self, validated_token):
        try:
            user_id = int(validated_token["user_id"])
            jti = str(validated_token["jti"])
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidToken(_("The token names no user.")) from error
        user, revoked = caller_read(user_id=user_id, jti=jti)
        if user is None or not user.is_active:
            raise AuthenticationFailed(_("This account is not available."), code="user_inactive")
        if revoked:
            raise AuthenticationFailed(REVOKED, code="token_revoked")
        # From here on, the answer and its refusals are in the person's own language, once they
        # have one (until their first sign-in, the page's language stands).
        if user.language:
            language_activate(user.language)
        return user
