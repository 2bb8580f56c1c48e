"""The one adapter between Camp and Firebase Authentication (or its local emulator)."""

import logging
import threading
import time
import unicodedata
from dataclasses import dataclass

import firebase_admin
from django.conf import settings
from django.utils.translation import gettext, gettext_lazy
from firebase_admin import auth, credentials

logger = logging.getLogger(__name__)

APP_NAME = "camp"
# Tolerated clock difference between us and Firebase when checking token times.
CLOCK_SKEW_SECONDS = 30
EXPIRED = gettext_lazy("The sign-in token has expired. Please sign in again.")


class IdentityError(Exception):
    """An ID token that does not prove who its bearer is."""


class IdentityUnavailable(Exception):
    """Firebase could not be asked (down, unreachable, too slow): nothing is known either way."""


UNAVAILABLE = gettext_lazy("Sign-in is unavailable, try again shortly.")
# Failures of the way to Firebase, not verdicts on the token.
_OUTAGES = (
    firebase_admin.exceptions.UnavailableError,
    firebase_admin.exceptions.DeadlineExceededError,
    firebase_admin.exceptions.InternalError,
    firebase_admin.exceptions.UnknownError,
)


@dataclass(frozen=True)
class Identity:
    uid: str
    email: str
    email_verified: bool
    name: str
    photo: str


def account_email(raw: str) -> str:
    """The address an account is known by: lower case, and exactly as Firebase holds it.

    Firebase folds case itself, so case alone never tells two people apart. Anything else that
    normalising would change (surrounding spaces of any kind, other Unicode forms) would make a
    second account look like the first, so such an address is refused rather than tidied.
    """
    if not raw:
        raise IdentityError(gettext("The signed-in account has no e-mail address."))
    if raw != raw.strip() or unicodedata.normalize("NFKC", raw) != raw:
        raise IdentityError(
            gettext(
                "The e-mail address of the signed-in account is not a plain address. "
                "Please sign up again with your address exactly as you use it."
            )
        )
    return raw.lower()


# gunicorn serves requests on several threads of a process: the first two sign-ins must not
# both create the app (the second would raise).
_app_made = threading.Lock()


def _app() -> firebase_admin.App:
    with _app_made:
        try:
            return firebase_admin.get_app(APP_NAME)
        except ValueError:
            credential = (
                credentials.Certificate(settings.FIREBASE_CREDENTIALS_FILE)
                if settings.FIREBASE_CREDENTIALS_FILE
                else None
            )
            return firebase_admin.initialize_app(
                credential, {"projectId": settings.FIREBASE_PROJECT_ID}, name=APP_NAME
            )


def verify_id_token(id_token: str) -> Identity:
    """Check an ID token with Firebase and say whose it is; raise IdentityError otherwise."""
    try:
        claims = auth.verify_id_token(
            id_token,
            app=_app(),
            check_revoked=True,
            clock_skew_seconds=CLOCK_SKEW_SECONDS,
        )
    except auth.ExpiredIdTokenError as error:
        raise IdentityError(EXPIRED) from error
    except auth.RevokedIdTokenError as error:
        raise IdentityError(gettext("The sign-in was revoked. Please sign in again.")) from error
    except (ValueError, auth.InvalidIdTokenError, auth.UserDisabledError) as error:
        raise IdentityError(gettext("The sign-in token is not valid.")) from error
    except auth.UserNotFoundError as error:
        raise IdentityError(gettext("The sign-in token names an unknown account.")) from error
    except _OUTAGES as error:
        logger.warning("Firebase could not be reached to verify an ID token: %s", error)
        raise IdentityUnavailable(UNAVAILABLE) from error
    except firebase_admin.exceptions.FirebaseError as error:
        logger.warning("Firebase could not verify an ID token: %s", error)
        raise IdentityError(
            gettext("The sign-in could not be verified. Please try again.")
        ) from error

    # The emulator skips signature and expiry checks; the time window is checked here for both.
    # The e-mail is read from the account itself, not from the token's claims, for the same reason.
    now = time.time()
    if claims.get("exp", 0) < now - CLOCK_SKEW_SECONDS:
        raise IdentityError(EXPIRED)
    if claims.get("iat", now) > now + CLOCK_SKEW_SECONDS:
        raise IdentityError(gettext("The sign-in token is not valid yet."))

    try:
        account = auth.get_user(claims["uid"], app=_app())
    except auth.UserNotFoundError as error:
        raise IdentityError(gettext("The sign-in token names an unknown account.")) from error
    except _OUTAGES as error:
        logger.warning("Firebase could not be reached to read an account: %s", error)
        raise IdentityUnavailable(UNAVAILABLE) from error
    except firebase_admin.exceptions.FirebaseError as error:
        raise IdentityError(
            gettext("The sign-in could not be verified. Please try again.")
        ) from error
    if account.disabled:
        raise IdentityError(gettext("The sign-in token is not valid."))
    return Identity(
        uid=account.uid,
        email=account_email(account.email or ""),
        email_verified=bool(account.email_verified),
        name=account.display_name or "",
        photo=account.photo_url or "",
    )


def ensure_account(*, email: str, password: str, name: str, photo: str) -> bool:
    """Create an e-mail/password account unless one exists; True when it was created."""
    try:
        auth.get_user_by_email(email, app=_app())
        return False
    except auth.UserNotFoundError:
        auth.create_user(
            email=email,
            password=password,
            display_name=name or None,
            photo_url=photo or None,
            email_verified=True,
            app=_app(),
        )
        return True


def account_with_password_link(*, email: str, name: str) -> tuple[str, str]:
    """A Firebase account for the address without a password (the one it has already, if any,
    kept as it is), and a one-time link for its owner to set the password: its uid and the link.

    The front desk makes accounts for families registering by phone or in person; only the
    owner of the address, following the link, chooses the password. IdentityUnavailable when
    Firebase could not be asked or did not do it: nothing is known to be made then.
    """
    app = _app()
    try:
        try:
            account = auth.get_user_by_email(email, app=app)
        except auth.UserNotFoundError:
            account = auth.create_user(email=email, display_name=name or None, app=app)
        link = auth.generate_password_reset_link(
            email,
            action_code_settings=auth.ActionCodeSettings(
                url=f"{settings.SITE_URL.rstrip('/')}/login"
            ),
            app=app,
        )
    except firebase_admin.exceptions.FirebaseError as error:
        logger.warning("Firebase could not make an account for the front desk: %s", error)
        raise IdentityUnavailable(
            "The sign-in service did not answer: the family's account could not be made. "
            "Nothing was saved; try again shortly."
        ) from error
    return account.uid, link


def email_sign_in_link(*, email: str, continue_url: str) -> str:
    """Firebase's one-time e-mail sign-in link for the address's account, or "" when no account
    uses it (the link would make one). IdentityUnavailable when Firebase could not be asked."""
    app = _app()
    try:
        try:
            auth.get_user_by_email(email, app=app)
        except auth.UserNotFoundError:
            return ""
        return auth.generate_sign_in_with_email_link(
            email,
            action_code_settings=auth.ActionCodeSettings(url=continue_url, handle_code_in_app=True),
            app=app,
        )
    except firebase_admin.exceptions.FirebaseError as error:
        logger.warning("Firebase could not make a sign-in link: %s", error)
        raise IdentityUnavailable(UNAVAILABLE) from error
