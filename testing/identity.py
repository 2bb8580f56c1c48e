"""Accounts in the Firebase Auth emulator, for tests: real sign-ups, real ID tokens."""

import base64
import json
import os
import time
from urllib.parse import parse_qs, urlencode, urlparse

import requests
from django.conf import settings

TIMEOUT = 10


def _base() -> str:
    return f"http://{os.environ['FIREBASE_AUTH_EMULATOR_HOST']}"


def _identity_toolkit(method: str, body: dict) -> dict:
    response = requests.post(
        f"{_base()}/identitytoolkit.googleapis.com/v1/accounts:{method}",
        params={"key": settings.FIREBASE_WEB_API_KEY},
        json=body,
        timeout=TIMEOUT,
    )
    response.raise_for_status()
    return response.json()


def clear_accounts() -> None:
    requests.delete(
        f"{_base()}/emulator/v1/projects/{settings.FIREBASE_PROJECT_ID}/accounts",
        timeout=TIMEOUT,
    ).raise_for_status()


def sign_up(
    email: str,
    password: str = "Camp@2003",
    name: str = "",
    photo: str = "",
    *,
    verified: bool = True,
) -> dict:
    """Create an e-mail/password account; its uid and a fresh ID token. Its e-mail is verified
    (the owner followed the verification link) unless `verified=False`."""
    account = _identity_toolkit(
        "signUp", {"email": email, "password": password, "returnSecureToken": True}
    )
    if name or photo:
        _identity_toolkit(
            "update",
            {"idToken": account["idToken"], "displayName": name, "photoUrl": photo},
        )
    if verified:
        verify_email(account["localId"])
    return {"uid": account["localId"], "idToken": sign_in(email, password)}


def _admin(method: str, body: dict) -> dict:
    """The emulator's admin API, as firebase-admin calls it ("owner" is its admin credential)."""
    response = requests.post(
        f"{_base()}/identitytoolkit.googleapis.com/v1/projects/"
        f"{settings.FIREBASE_PROJECT_ID}/accounts:{method}",
        headers={"Authorization": "Bearer owner"},
        json=body,
        timeout=TIMEOUT,
    )
    response.raise_for_status()
    return response.json()


def verify_email(uid: str) -> None:
    """What following the link of the verification e-mail does."""
    _admin("update", {"localId": uid, "emailVerified": True})


def disable(uid: str) -> None:
    _admin("update", {"localId": uid, "disableUser": True})


def delete(uid: str) -> None:
    _admin("delete", {"localId": uid})


def out_of_band_codes() -> list[dict]:
    """The e-mails the emulator would have sent (verification links and the like)."""
    response = requests.get(
        f"{_base()}/emulator/v1/projects/{settings.FIREBASE_PROJECT_ID}/oobCodes",
        timeout=TIMEOUT,
    )
    response.raise_for_status()
    return response.json()["oobCodes"]


def sign_in(email: str, password: str = "Camp@2003") -> str:
    account = _identity_toolkit(
        "signInWithPassword", {"email": email, "password": password, "returnSecureToken": True}
    )
    return account["idToken"]


def sign_in_with_email_link(email: str, link: str) -> dict:
    """What the browser's signInWithEmailLink does with a Firebase e-mail sign-in link: its
    uid and ID token. requests.HTTPError when Firebase refuses the link (used, or not one)."""
    [code] = parse_qs(urlparse(link).query)["oobCode"]
    account = _identity_toolkit("signInWithEmailLink", {"email": email, "oobCode": code})
    return {"uid": account["localId"], "idToken": account["idToken"]}


def sign_in_with_google(email: str, name: str = "", photo: str = "") -> dict:
    """What Google sign-in gives the browser: the emulator plays Google's part."""
    google_id_token = json.dumps(
        {
            "sub": f"google-{email}",
            "email": email,
            "email_verified": True,
            "name": name,
            "picture": photo,
        }
    )
    account = _identity_toolkit(
        "signInWithIdp",
        {
            "postBody": urlencode({"id_token": google_id_token, "providerId": "google.com"}),
            "requestUri": "http://localhost",
            "returnSecureToken": True,
        },
    )
    return {"uid": account["localId"], "idToken": account["idToken"]}


def _b64(data: dict) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unsigned_token(**claims) -> str:
    """A token shaped like the emulator's, with the claims given: forged on purpose."""
    now = int(time.time())
    project = settings.FIREBASE_PROJECT_ID
    body = {
        "iss": f"https://securetoken.google.com/{project}",
        "aud": project,
        "auth_time": now,
        "iat": now,
        "exp": now + 3600,
        **claims,
    }
    return f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(body)}."


def account_of(email: str) -> dict | None:
    """The emulator's account for the address, as its admin API gives it; None for none."""
    users = _admin("lookup", {"email": [email]}).get("users", [])
    return users[0] if users else None


def password_set_by_link(link: str, password: str) -> None:
    """What following a one-time link to set the password does, and typing a new one."""
    [code] = parse_qs(urlparse(link).query)["oobCode"]
    _identity_toolkit("resetPassword", {"oobCode": code, "newPassword": password})
